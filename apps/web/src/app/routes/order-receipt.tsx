import type { Order, Person } from '@piel/contracts'
import { ORDER_STATUS } from '@piel/contracts/values'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { type OrderPageProps, orderPage } from '@/app/order-page'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { buttonStyles } from '@/components/ui/button-styles'
import { Skeleton } from '@/components/ui/skeleton'
import { isPaidState, ordersQueries } from '@/features/orders/api'
import { OrderError } from '@/features/orders/components/order-error'
import { ivaBreakdown, paidAt } from '@/features/orders/receipt'
import { useCurrentStore } from '@/features/store/api'
import { formatCop, formatDateTime } from '@/lib/format'
import { paths } from '@/lib/paths'

/** `/OrderDetail/:id/recibo` (issue 35): the purchase receipt of a paid order, behind the route guard. */
export const Component = orderPage(OrderReceipt)

/**
 * "Comprobante de compra": what a shopper prints or saves as PDF for their records — seller and buyer, each product,
 * the totals with the discount code and shipping, the IVA by rate, and how it was paid. It says plainly that it is
 * not an electronic sales invoice (the DIAN's, decision 027); one is asked for by writing to the store.
 */
function OrderReceipt({ person, orderId }: OrderPageProps) {
  const order = useQuery(ordersQueries.detail(person.id, orderId))
  const store = useCurrentStore()
  if (order.isError) return <OrderError error={order.error} onRetry={() => order.refetch()} />

  return (
    <div className="mx-auto max-w-4xl px-4 pt-4 sm:px-6 sm:pt-6 lg:px-8 print:max-w-none print:p-0">
      <Breadcrumbs
        items={[
          { label: 'Mis órdenes', to: paths.orders },
          { label: `Orden #${orderId}`, to: paths.orderDetail(orderId) },
          { label: 'Comprobante' },
        ]}
        className="mb-5 print:hidden"
      />
      {!order.data || !store.data ? (
        <div role="status" className="space-y-4">
          <span className="sr-only">Cargando el comprobante…</span>
          <Skeleton className="h-9 w-64" />
          <Skeleton className="h-72 w-full rounded-3xl" />
        </div>
      ) : isPaidState(order.data.idEstado) ? (
        <Receipt order={order.data} person={person} store={store.data} />
      ) : (
        <div className="rounded-3xl border border-sand-200 bg-white p-6">
          <h1 className="text-2xl font-semibold tracking-tight">Comprobante de la orden #{orderId}</h1>
          <p className="mt-3 text-ink-700">
            El comprobante de compra está disponible cuando la orden está pagada. Estado actual: {order.data.estado}.
          </p>
          <Link to={paths.orderDetail(orderId)} className={`${buttonStyles.secondary} mt-5`}>
            Volver a la orden
          </Link>
        </div>
      )}
    </div>
  )
}

type Store = NonNullable<ReturnType<typeof useCurrentStore>['data']>

function Receipt({ order, person, store }: { order: Order; person: Person; store: Store }) {
  const paid = paidAt(order, ORDER_STATUS.paid)
  const mine = order.idPersona === person.id
  const rows = ivaBreakdown(order.productos)
  return (
    <article
      aria-labelledby="receipt-title"
      className="rounded-3xl border border-sand-200 bg-white p-5 sm:p-8 print:rounded-none print:border-0 print:p-0"
    >
      <header className="flex flex-col gap-4 border-b border-sand-200 pb-5 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{store.nombre}</p>
          <h1 id="receipt-title" className="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">
            Comprobante de compra
          </h1>
          <p className="mt-1 text-ink-700">
            Orden #{order.id} · {formatDateTime(order.fecha)}
          </p>
          {paid && <p className="text-sm text-ink-600">Pagada el {formatDateTime(paid)}</p>}
        </div>
        <div className="flex gap-2 print:hidden">
          <button type="button" onClick={() => window.print()} className={buttonStyles.primary}>
            Imprimir o guardar PDF
          </button>
          <Link to={paths.orderDetail(order.id)} className={buttonStyles.secondary}>
            Volver
          </Link>
        </div>
      </header>

      <div className="grid gap-5 border-b border-sand-200 py-5 sm:grid-cols-2">
        <Party title="Vendedor">
          <p className="font-semibold text-ink-900">{store.razonSocial}</p>
          <p>NIT {store.nit}</p>
          <p>
            {store.direccion}, {store.ciudad}
          </p>
        </Party>
        <Party title="Comprador">
          {mine ? (
            <>
              <p className="font-semibold text-ink-900">
                {person.nombres} {person.apellidos}
              </p>
              {person.numeroDocumento && (
                <p>
                  {person.tipoIdentificacion ?? 'Documento'} {person.numeroDocumento}
                </p>
              )}
              <p className="[overflow-wrap:anywhere]">{person.email}</p>
            </>
          ) : (
            <p className="font-semibold text-ink-900">{order.nombreRecibe}</p>
          )}
          <p className="mt-1">
            Entrega: {order.direccionPersona}, {order.municipio}, {order.departamento}
          </p>
        </Party>
      </div>

      <div className="overflow-x-auto py-5">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">Productos de la orden</caption>
          <thead className="text-xs tracking-wide text-ink-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Producto
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                Cant.
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                Valor unitario
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                IVA
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-sand-200 text-ink-800">
            {order.productos.map((line) => (
              <tr key={line.idProducto}>
                <td className="py-2.5 pr-3">
                  {line.nombre}
                  <span className="block text-xs text-ink-500">Ref. {line.referencia}</span>
                </td>
                <td className="py-2.5 pr-3 text-right tabular-nums">{line.cantidadComprada}</td>
                <td className="py-2.5 pr-3 text-right tabular-nums">{line.valorUnitarioMoneda}</td>
                <td className="py-2.5 pr-3 text-right tabular-nums">{line.iva} %</td>
                <td className="py-2.5 text-right tabular-nums">{line.valorTotalMoneda}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="grid gap-6 border-t border-sand-200 pt-5 sm:grid-cols-2">
        <section aria-labelledby="receipt-iva">
          <h2 id="receipt-iva" className="text-sm font-semibold text-ink-900">
            IVA incluido, por tarifa
          </h2>
          <table className="mt-2 w-full text-sm">
            <thead className="text-xs text-ink-600">
              <tr>
                <th scope="col" className="py-1 text-left font-semibold">
                  Tarifa
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  Base
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  IVA
                </th>
              </tr>
            </thead>
            <tbody className="text-ink-800">
              {rows.map((row) => (
                <tr key={row.rate}>
                  <td className="py-1">{row.rate === 0 ? 'Excluido (0 %)' : `${row.rate} %`}</td>
                  <td className="py-1 text-right tabular-nums">{formatCop(row.base)}</td>
                  <td className="py-1 text-right tabular-nums">{formatCop(row.iva)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <dl className="space-y-1.5 text-sm text-ink-800">
          <Total term="Subtotal (IVA incluido)">{order.subTotalMoneda}</Total>
          {order.descuentoCodigo > 0 && (
            <Total term={`Descuento${order.codigoDescuento ? ` (código ${order.codigoDescuento})` : ''}`}>
              {`−${order.descuentoCodigoMoneda}`}
            </Total>
          )}
          <Total term="Envío">{order.totalEnvio === 0 ? 'Gratis' : order.totalEnvioMoneda}</Total>
          <div className="flex justify-between gap-4 border-t border-sand-200 pt-2 text-base font-semibold text-ink-900">
            <dt>Total pagado</dt>
            <dd className="tabular-nums">{order.totalMoneda}</dd>
          </div>
          {order.nombreTipoPago && <Total term="Medio de pago">{order.nombreTipoPago}</Total>}
        </dl>
      </div>

      <p className="mt-6 rounded-2xl bg-sand-100 px-4 py-3 text-sm leading-relaxed text-ink-700">
        Este comprobante no es una factura electrónica de venta. Si necesitas factura electrónica a tu nombre o al de tu
        empresa, escríbenos con el número de la orden.
      </p>
    </article>
  )
}

function Party({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="text-sm text-ink-700">
      <h2 className="mb-1 text-xs font-semibold tracking-wide text-ink-600 uppercase">{title}</h2>
      {children}
    </section>
  )
}

function Total({ term, children }: { term: string; children: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>{term}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  )
}
