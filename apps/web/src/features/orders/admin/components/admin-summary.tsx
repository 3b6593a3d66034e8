import type {
  AdminSummary,
  AdminSummaryBestSeller,
  AdminSummaryLowStock,
  AdminSummaryPeriod,
  AdminSummaryState,
} from '@piel/contracts'
import { type ReactNode, useMemo } from 'react'
import { Link } from 'react-router'
import { ProductThumbnail } from '@/components/ui/product-thumbnail'
import { Skeleton } from '@/components/ui/skeleton'
import { adminPaths } from '@/lib/admin-paths'
import { formatCop, formatCopShort } from '@/lib/format'
import { DailyChart } from './daily-chart'

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('es-CO')} ${count === 1 ? one : many}`
const formatOrders = (count: number) => plural(count, 'orden', 'órdenes')
const formatWhole = (count: number) => count.toLocaleString('es-CO')

/** The charts' colours: the shop's green for orders, its clay for money (`styles.css`). */
const ORDERS_COLOR = '#2f8076'
const REVENUE_COLOR = '#c47a5f'

/**
 * The back office's summary (issue 17): how the shop sold today and in the last 30 days (orders, revenue of paid
 * orders, average ticket), a chart of each day, the orders waiting in each state (each a link to the list showing
 * that state), the products running short and the best sellers.
 */
export function SummaryBody({ data }: { data: AdminSummary }) {
  const days = useMemo(() => data.serie.map((day) => day.dia), [data.serie])
  const orders = useMemo(() => data.serie.map((day) => day.ordenes), [data.serie])
  const revenue = useMemo(() => data.serie.map((day) => day.ingresos), [data.serie])
  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <PeriodCard title="Hoy" period={data.hoy} />
        <PeriodCard title="Últimos 30 días" period={data.ultimos30Dias} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Órdenes por día">
          <DailyChart
            label="Órdenes"
            days={days}
            values={orders}
            formatValue={formatOrders}
            formatAxis={formatWhole}
            color={ORDERS_COLOR}
          />
        </Card>
        <Card title="Ingresos por día">
          <DailyChart
            label="Ingresos"
            days={days}
            values={revenue}
            formatValue={formatCop}
            formatAxis={formatCopShort}
            money
            color={REVENUE_COLOR}
          />
        </Card>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <OpenOrdersCard states={data.ordenesAbiertas} />
        <LowStockCard total={data.pocaExistencia.total} products={data.pocaExistencia.productos} />
        <BestSellersCard products={data.masVendidos} />
      </div>
    </div>
  )
}

function Card({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-2xl border border-sand-200 bg-white p-5">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 className="text-lg font-semibold">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  )
}

function PeriodCard({ title, period }: { title: string; period: AdminSummaryPeriod }) {
  const figures = [
    {
      name: 'Órdenes',
      value: formatWhole(period.ordenes),
      note: plural(period.ordenesPagadas, 'pagada', 'pagadas'),
    },
    { name: 'Ingresos', value: formatCop(period.ingresos), note: 'de órdenes pagadas' },
    { name: 'Ticket promedio', value: formatCop(period.ticketPromedio), note: 'por orden pagada' },
  ]
  return (
    <Card title={title}>
      <dl className="grid gap-3 sm:grid-cols-3">
        {figures.map((figure) => (
          <div
            key={figure.name}
            className="flex items-baseline justify-between gap-3 rounded-xl bg-sand-50 px-4 py-3 sm:block"
          >
            <dt className="text-sm font-semibold text-ink-700">{figure.name}</dt>
            <dd className="text-right sm:mt-1 sm:text-left">
              <span className="block text-xl font-semibold tracking-tight text-ink-900 [overflow-wrap:anywhere] sm:text-2xl">
                {figure.value}
              </span>
              <span className="block text-xs text-ink-600">{figure.note}</span>
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}

function OpenOrdersCard({ states }: { states: AdminSummaryState[] }) {
  const forStaff = states.filter((state) => state.porAtender)
  const waitingPayment = states.filter((state) => !state.porAtender)
  return (
    <Card title="Órdenes por atender">
      <StateLinks states={forStaff} strong />
      {waitingPayment.length > 0 && (
        <>
          <h3 className="mt-4 mb-1 text-sm font-semibold text-ink-700">Esperando el pago de quien compra</h3>
          <StateLinks states={waitingPayment} />
        </>
      )}
    </Card>
  )
}

function StateLinks({ states, strong = false }: { states: AdminSummaryState[]; strong?: boolean }) {
  return (
    <ul className="-mx-2">
      {states.map((state) => (
        <li key={state.idEstado}>
          <Link
            to={adminPaths.ordersInState(state.idEstado)}
            className="flex min-h-11 items-center justify-between gap-3 rounded-lg px-2 hover:bg-sand-50"
          >
            <span className="text-ink-900">{state.estado}</span>
            <span
              className={`min-w-9 rounded-full px-2.5 py-0.5 text-center text-sm font-semibold ${
                strong && state.cantidad > 0 ? 'bg-brand-700 text-white' : 'bg-sand-100 text-ink-700'
              }`}
            >
              {formatOrders(state.cantidad)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

function LowStockCard({ total, products }: { total: number; products: AdminSummaryLowStock[] }) {
  return (
    <Card
      title="Poca existencia"
      aside={total > 0 && <span className="text-sm text-ink-600">{plural(total, 'producto', 'productos')}</span>}
    >
      {products.length === 0 ? (
        <p className="text-sm text-ink-600">Ningún producto a la venta está por debajo de su mínimo.</p>
      ) : (
        <>
          <ul className="space-y-2">
            {products.map((product) => (
              <li key={product.id} className="flex items-center gap-3">
                <ProductThumbnail src={product.fotoPrincipal} alt="" className="size-11" />
                <Link
                  to={adminPaths.product(product.id)}
                  className="min-w-0 flex-1 truncate text-ink-900 hover:text-brand-800 hover:underline"
                >
                  {product.nombre}
                </Link>
                <span
                  className={`shrink-0 text-sm font-semibold ${product.existencia === 0 ? 'text-clay-600' : 'text-ink-700'}`}
                >
                  {product.existencia} / {product.umbralExistencia}
                  <span className="sr-only">
                    {product.existencia === 0 ? ' (agotado; existencia / mínimo)' : ' (existencia / mínimo)'}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <p className="text-xs text-ink-600">
              Existencia / mínimo.
              {total > products.length && ` Se muestran los ${products.length} con menos unidades.`}
            </p>
            <Link to={adminPaths.inventory} className="text-sm font-semibold text-brand-700 hover:underline">
              Ver inventario
            </Link>
          </div>
        </>
      )}
    </Card>
  )
}

function BestSellersCard({ products }: { products: AdminSummaryBestSeller[] }) {
  return (
    <Card title="Más vendidos" aside={<span className="text-sm text-ink-600">30 días</span>}>
      {products.length === 0 ? (
        <p className="text-sm text-ink-600">Todavía no hay ventas pagadas en los últimos 30 días.</p>
      ) : (
        <ol className="space-y-2">
          {products.map((product, index) => (
            <li key={product.id} className="flex items-center gap-3">
              <span aria-hidden="true" className="w-4 shrink-0 text-sm font-semibold text-ink-600">
                {index + 1}
              </span>
              <ProductThumbnail src={product.fotoPrincipal} alt="" className="size-11" />
              <div className="min-w-0 flex-1">
                <Link
                  to={adminPaths.product(product.id)}
                  className="block truncate text-ink-900 hover:text-brand-800 hover:underline"
                >
                  {product.nombre}
                </Link>
                <span className="block text-xs text-ink-600">
                  {plural(product.unidades, 'unidad', 'unidades')} · {formatCop(product.ingresos)}
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  )
}

/** The summary while it loads. */
export function SummarySkeleton() {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">Cargando el resumen…</span>
      <div className="grid gap-4 lg:grid-cols-2">
        {[0, 1].map((card) => (
          <div key={card} className="rounded-2xl border border-sand-200 bg-white p-5">
            <Skeleton className="h-5 w-32" />
            <div className="mt-4 grid gap-3 sm:grid-cols-3">
              {[0, 1, 2].map((figure) => (
                <Skeleton key={figure} className="h-16 rounded-xl" />
              ))}
            </div>
          </div>
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {[0, 1].map((chart) => (
          <div key={chart} className="rounded-2xl border border-sand-200 bg-white p-5">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="mt-4 h-56 rounded-xl" />
          </div>
        ))}
      </div>
    </div>
  )
}
