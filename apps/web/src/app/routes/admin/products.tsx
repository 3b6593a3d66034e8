import type { AdminProductQuery } from '@piel/contracts'
import { ADMIN_PAGE_SIZE, ADMIN_PRODUCT_SORTS, type AdminProductSort } from '@piel/contracts/values'
import type { FormEvent } from 'react'
import { Link } from 'react-router'
import { FilterButtons, FilterSearch, FilterSelect, PagedListBody } from '@/components/admin/admin-list'
import { buttonStyles } from '@/components/ui/button-styles'
import { ProductRow } from '@/features/catalog/admin/components/product-row'
import { useAdminProducts, useCatalogOptions } from '@/features/catalog/admin/products-api'
import { adminPaths } from '@/lib/admin-paths'
import { type ListParams, listParam, useListState } from '@/lib/use-list-state'

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
const filtersOf = (mode: Mode): ListParams<Filters> => ({
  buscar: listParam.text(),
  idCatalogo: listParam.id(undefined, { name: 'catalogo' }),
  marca: listParam.text(),
  estado: listParam.oneOf(['en-venta', 'oculto', 'todos'] as const, 'todos'),
  existencia: listParam.oneOf(['baja', 'agotado'] as const, undefined),
  // The inventory shows the lowest stock first unless asked otherwise.
  orden: listParam.sort(ADMIN_PRODUCT_SORTS, mode === 'inventory' ? 'existencia' : undefined),
  pagina: listParam.page(),
})
const FILTERS: Record<Mode, ListParams<Filters>> = {
  products: filtersOf('products'),
  inventory: filtersOf('inventory'),
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
  const { state: filters, set: go, filtered, clear } = useListState(FILTERS[mode])
  const list = useAdminProducts({ ...filters, tamanio: ADMIN_PAGE_SIZE })
  const options = useCatalogOptions()

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
          <Link to={adminPaths.newProduct} className={buttonStyles.primary}>
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
        <FilterSearch
          defaultValue={filters.buscar}
          placeholder="Nombre, marca, ingrediente o referencia"
          className="col-span-2 lg:col-span-1"
        />
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
        <FilterButtons filtered={filtered} onClear={clear} className="col-span-2 flex gap-2 lg:col-span-1" />
      </form>

      <section aria-label="Productos" aria-busy={list.isFetching} className="mt-5">
        <PagedListBody
          list={list}
          loading="Cargando productos…"
          failed="No pudimos cargar los productos."
          isEmpty={(page) => page.productos.length === 0}
          empty={filtered ? 'Ningún producto coincide con estos filtros.' : 'Todavía no hay productos.'}
          onPage={(pagina) => go({ pagina })}
        >
          {(page) => (
            <>
              <p className="mb-3 text-sm text-ink-600">
                {page.total === 1 ? '1 producto' : `${page.total.toLocaleString('es-CO')} productos`}
              </p>
              <ul className="divide-y divide-sand-200 overflow-hidden rounded-2xl border border-sand-200 bg-white">
                {page.productos.map((product) => (
                  <ProductRow
                    key={product.id}
                    product={product}
                    to={mode === 'inventory' ? adminPaths.productInventory(product.id) : adminPaths.product(product.id)}
                  />
                ))}
              </ul>
            </>
          )}
        </PagedListBody>
      </section>
    </div>
  )
}
