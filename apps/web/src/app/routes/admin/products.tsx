import type { AdminProductQuery, AdminProductRow } from '@piel/contracts'
import { ADMIN_PAGE_SIZE, ADMIN_PRODUCT_SORTS, type AdminProductSort } from '@piel/contracts/values'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useId } from 'react'
import { Link, useSearchParams } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { QueryNotice } from '@/components/ui/query-notice'
import {
  EmptyList,
  FilterField as Field,
  FilterSelect,
  filterInputClass as inputClass,
  ListSkeleton,
  Pager,
} from '@/features/admin/components/admin-list'
import { StockBadge } from '@/features/admin/components/stock-badge'
import { productAdminQueries } from '@/features/admin/products-api'
import { formatCop } from '@/lib/format'
import { paths } from '@/lib/paths'

const SORT_LABELS: Record<AdminProductSort, string> = {
  '-modificado': 'Modificados recientemente',
  nombre: 'Nombre (A–Z)',
  '-nombre': 'Nombre (Z–A)',
  valor: 'Precio: menor a mayor',
  '-valor': 'Precio: mayor a menor',
  existencia: 'Existencia: menor a mayor',
  '-existencia': 'Existencia: mayor a menor',
  '-vendidos': 'Más vendidos',
}
const SALE_STATES = [
  { value: 'todos', label: 'Todos' },
  { value: 'en-venta', label: 'A la venta' },
  { value: 'oculto', label: 'Fuera de venta' },
] as const
const STOCK_FILTERS = [
  { value: '', label: 'Cualquiera' },
  { value: 'baja', label: 'Existencia baja' },
  { value: 'agotado', label: 'Agotados' },
] as const

type Filters = Omit<AdminProductQuery, 'tamanio'>

type Mode = 'products' | 'inventory'

/** The table's filters live in the address: a reload, Back or a shared link keeps them. */
function useFilters(mode: Mode) {
  const [params, setParams] = useSearchParams()
  const pick = <T extends string>(name: string, allowed: readonly T[]) => {
    const value = params.get(name)
    return allowed.find((item) => item === value)
  }
  const catalog = Number(params.get('catalogo'))
  const filters: Filters = {
    buscar: params.get('buscar')?.trim() || undefined,
    idCatalogo: Number.isInteger(catalog) && catalog > 0 ? catalog : undefined,
    marca: params.get('marca')?.trim() || undefined,
    estado: pick('estado', ['en-venta', 'oculto', 'todos'] as const) ?? 'todos',
    existencia: pick('existencia', ['baja', 'agotado'] as const),
    // The inventory shows the lowest stock first unless asked otherwise.
    orden: pick('orden', ADMIN_PRODUCT_SORTS) ?? (mode === 'inventory' ? 'existencia' : undefined),
    pagina: Math.max(1, Number.parseInt(params.get('pagina') ?? '1', 10) || 1),
  }
  const go = (next: Partial<Filters>) => {
    const merged = { ...filters, pagina: 1, ...next }
    const search = new URLSearchParams()
    if (merged.buscar) search.set('buscar', merged.buscar)
    if (merged.idCatalogo) search.set('catalogo', String(merged.idCatalogo))
    if (merged.marca) search.set('marca', merged.marca)
    if (merged.estado !== 'todos') search.set('estado', merged.estado)
    if (merged.existencia) search.set('existencia', merged.existencia)
    if (merged.orden && !(mode === 'inventory' && merged.orden === 'existencia')) search.set('orden', merged.orden)
    if (merged.pagina > 1) search.set('pagina', String(merged.pagina))
    setParams(search)
  }
  return { filters, go }
}

/**
 * `/admin/productos` (issue 17): every product of the shop, for sale or not, found with the shop's own search
 * (synonyms, typos) or a reference, filtered and sorted by the server.
 */
export function Component() {
  return <ProductTable mode="products" />
}

const HEADINGS: Record<Mode, { title: string; text: string }> = {
  products: { title: 'Productos', text: 'Todo el catálogo, a la venta o no.' },
  inventory: {
    title: 'Inventario',
    text: 'La existencia de cada producto, la más baja primero. Abre uno para recibir unidades o corregir su conteo.',
  },
}

/** The products' table; as the inventory (`/admin/inventario`) it sorts by stock and opens a product's movements. */
export function ProductTable({ mode }: { mode: Mode }) {
  const { filters, go } = useFilters(mode)
  const ids = useId()
  const list = useQuery(productAdminQueries.list({ ...filters, tamanio: ADMIN_PAGE_SIZE }))
  const options = useQuery(productAdminQueries.options())
  const page = list.data
  const filtered = Boolean(
    filters.buscar || filters.idCatalogo || filters.marca || filters.estado !== 'todos' || filters.existencia,
  )

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '').trim()
    const existencia = text('existencia')
    go({
      buscar: text('buscar') || undefined,
      idCatalogo: Number(text('catalogo')) || undefined,
      marca: text('marca') || undefined,
      estado: (text('estado') || 'todos') as Filters['estado'],
      existencia: existencia === 'baja' || existencia === 'agotado' ? existencia : undefined,
      orden: (ADMIN_PRODUCT_SORTS as readonly string[]).includes(text('orden'))
        ? (text('orden') as AdminProductSort)
        : undefined,
    })
  }

  return (
    <div className="mt-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{HEADINGS[mode].title}</h1>
          <p className="mt-1 text-sm text-ink-600">{HEADINGS[mode].text}</p>
        </div>
        {mode === 'products' && (
          <Link to={paths.admin.newProduct} className={buttonStyles.primary}>
            Nuevo producto
          </Link>
        )}
      </div>

      <form
        // Drawn again once the catalogues and brands arrive: a filter read from the address shows as chosen.
        key={`${JSON.stringify(filters)}:${options.data ? 'opciones' : ''}`}
        onSubmit={onSubmit}
        aria-label="Filtrar productos"
        className="mt-5 grid grid-cols-2 gap-3 rounded-2xl border border-sand-200 bg-white p-4 lg:grid-cols-[minmax(0,2fr)_repeat(5,minmax(0,1fr))_auto] lg:items-end"
      >
        <Field id={`${ids}-buscar`} label="Buscar" className="col-span-2 lg:col-span-1">
          <input
            id={`${ids}-buscar`}
            name="buscar"
            type="search"
            defaultValue={filters.buscar}
            maxLength={200}
            placeholder="Nombre, marca, ingrediente o referencia"
            className={inputClass}
          />
        </Field>
        <FilterSelect
          label="Catálogo"
          name="catalogo"
          defaultValue={filters.idCatalogo}
          options={[
            { value: '', label: 'Todos' },
            ...(options.data?.catalogos ?? []).map((catalog) => ({ value: catalog.id, label: catalog.nombre })),
          ]}
        />
        <FilterSelect
          label="Marca"
          name="marca"
          defaultValue={filters.marca}
          options={[
            { value: '', label: 'Todas' },
            ...[...new Set([...(options.data?.marcas ?? []), ...(filters.marca ? [filters.marca] : [])])].map(
              (brand) => ({ value: brand, label: brand }),
            ),
          ]}
        />
        <FilterSelect label="Venta" name="estado" defaultValue={filters.estado} options={SALE_STATES} />
        <FilterSelect label="Existencia" name="existencia" defaultValue={filters.existencia} options={STOCK_FILTERS} />
        <FilterSelect
          label="Ordenar"
          name="orden"
          defaultValue={filters.orden}
          className="col-span-2 lg:col-span-1"
          options={[
            ...(mode === 'products'
              ? [{ value: '', label: filters.buscar ? 'Más relevantes' : SORT_LABELS['-modificado'] }]
              : []),
            ...ADMIN_PRODUCT_SORTS.filter((sort) => mode === 'inventory' || sort !== '-modificado').map((sort) => ({
              value: sort,
              label: SORT_LABELS[sort],
            })),
          ]}
        />
        <div className="col-span-2 flex gap-2 lg:col-span-1">
          <button type="submit" className={`${buttonStyles.primary} flex-1`}>
            Filtrar
          </button>
          {filtered && (
            <button
              type="button"
              onClick={() =>
                go({
                  buscar: undefined,
                  idCatalogo: undefined,
                  marca: undefined,
                  estado: 'todos',
                  existencia: undefined,
                })
              }
              className={buttonStyles.ghost}
            >
              Limpiar
            </button>
          )}
        </div>
      </form>

      <section aria-label="Productos" aria-busy={list.isFetching} className="mt-5">
        {list.isPending ? (
          <ListSkeleton label="Cargando productos…" />
        ) : list.isError ? (
          <QueryNotice query={list} title="No pudimos cargar los productos." text={list.error.message} />
        ) : page && page.productos.length === 0 ? (
          <EmptyList>
            {filtered ? 'Ningún producto coincide con estos filtros.' : 'Todavía no hay productos.'}
          </EmptyList>
        ) : page ? (
          <>
            <p className="mb-3 text-sm text-ink-600">
              {page.total === 1 ? '1 producto' : `${page.total.toLocaleString('es-CO')} productos`}
            </p>
            <ul className="divide-y divide-sand-200 overflow-hidden rounded-2xl border border-sand-200 bg-white">
              {page.productos.map((product) => (
                <ProductRow
                  key={product.id}
                  product={product}
                  to={mode === 'inventory' ? paths.admin.productInventory(product.id) : paths.admin.product(product.id)}
                />
              ))}
            </ul>
            <Pager page={page} onPage={(pagina) => go({ pagina })} />
          </>
        ) : null}
      </section>
    </div>
  )
}

function ProductRow({ product, to }: { product: AdminProductRow; to: string }) {
  return (
    <li>
      <Link
        to={to}
        className="grid grid-cols-[3.5rem_minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1.5 px-4 py-3 hover:bg-sand-50 sm:px-5 lg:grid-cols-[3.5rem_minmax(0,2.2fr)_minmax(0,1.3fr)_8rem_15rem]"
      >
        <img
          src={`${product.fotoPrincipal}${product.fotoPrincipal.startsWith('/media/') ? '?w=160' : ''}`}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          className="row-span-2 size-14 rounded-lg border border-sand-200 bg-white object-contain lg:row-span-1"
        />
        <span className="min-w-0">
          <span className="block truncate font-semibold text-ink-900">{product.nombre}</span>
          <span className="block truncate text-sm text-ink-600">
            {product.marca} · Ref. {product.referencia}
          </span>
        </span>
        <span className="hidden truncate text-sm text-ink-600 lg:block">
          {product.nombreCatalogo ? `${product.nombreCatalogo} › ${product.nombreSubcategoria}` : 'Sin catálogo'}
        </span>
        <span className="justify-self-end text-right">
          <span className="sr-only">Precio: </span>
          <span className="block font-semibold text-ink-900">{formatCop(product.valor)}</span>
          {product.descuento > 0 && <span className="block text-xs text-brand-700">−{product.descuento} %</span>}
        </span>
        <span className="col-span-2 flex flex-wrap items-center gap-2 lg:col-span-1 lg:justify-end">
          <StockBadge stock={product.existencia} threshold={product.umbralExistencia} />
          {product.enVenta ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
              A la venta
            </span>
          ) : (
            <span className="rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold text-ink-700">
              Fuera de venta
            </span>
          )}
        </span>
      </Link>
    </li>
  )
}
