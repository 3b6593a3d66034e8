import type { AdminProductRow } from '@piel/contracts'
import { Link } from 'react-router'
import { formatCop } from '@/lib/format'
import { StockBadge } from './stock-badge'

/** One product in the back office's table: picture, name, brand and reference, catalogue, price, stock and sale. */
export function ProductRow({ product, to }: { product: AdminProductRow; to: string }) {
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
