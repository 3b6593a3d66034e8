import type { ProductDetail } from '@piel/contracts'
import { type ReactNode, useId } from 'react'
import { ShieldIcon } from '@/components/ui/page-icons'
import { Skeleton } from '@/components/ui/skeleton'
import { ProductComments } from './product-comments'
import { ProductGallery } from './product-gallery'
import { ProductPrice } from './product-price'
import { StarRating } from './star-rating'

type ProductDetailViewProps = {
  product: ProductDetail
  /** Quantity and add-to-cart, composed by the route. */
  actions?: ReactNode
  /** One column, h2 title: for products shown side by side. */
  compact?: boolean
  /** "Compartir", composed by the route (it needs the store's public address). */
  share?: ReactNode
}

/** Characteristics with the same name (two skin types) become one row: "Tipo de piel: Grasa, Mixta". */
function groupCharacteristics(list: ProductDetail['caracteristicasModel']) {
  const groups = new Map<string, string[]>()
  for (const { nombre, valor } of list) {
    const values = groups.get(nombre) ?? []
    if (!values.includes(valor)) values.push(valor)
    groups.set(nombre, values)
  }
  return [...groups].map(([name, values]) => ({ name, value: values.join(', ') }))
}

const commentsLabel = (count: number) =>
  count === 0 ? 'Sin opiniones' : `${count} ${count === 1 ? 'opinión' : 'opiniones'}`

/**
 * The product detail of spec 000 §2: gallery, brand, name, rating, price, stock, the actions slot, the
 * description, the characteristics, the INVIMA registration and the comments.
 */
export function ProductDetailView({ product, actions, compact = false, share }: ProductDetailViewProps) {
  const titleId = useId()
  const commentsId = useId()
  const Title = compact ? 'h2' : 'h1'
  const Section = compact ? 'h3' : 'h2'
  const characteristics = groupCharacteristics(product.caracteristicasModel)
  const paragraphs = product.detalle.split(/\n+/).filter((text) => text.trim() !== '')

  return (
    <article
      aria-labelledby={titleId}
      className={
        compact
          ? 'flex flex-col gap-6'
          : 'grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)] lg:grid-rows-[auto_1fr] lg:gap-x-14 lg:gap-y-10'
      }
    >
      {/* Desktop: gallery and comments in the left column, the product's data in the right one. */}
      <div className={compact ? '' : 'lg:col-start-1 lg:row-start-1'}>
        <ProductGallery
          images={product.imagenes}
          name={product.descripcion}
          soldOut={product.agotado}
          compact={compact}
        />
      </div>

      <div className={`flex min-w-0 flex-col ${compact ? '' : 'lg:col-start-2 lg:row-span-2 lg:row-start-1'}`}>
        <p className="text-sm font-semibold tracking-[0.12em] text-clay-600 uppercase">{product.marca}</p>
        <Title
          id={titleId}
          className={`mt-1.5 font-semibold tracking-tight text-balance text-ink-900 ${
            compact ? 'text-xl' : 'text-2xl sm:text-3xl'
          }`}
        >
          {product.descripcion}
        </Title>
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-600">
          {/* Without reviews the link below says "Sin opiniones" and no stars stand beside it. */}
          {product.calificacion > 0 && <StarRating value={product.calificacion} size="md" showValue />}
          <a href={`#${commentsId}`} className="rounded underline-offset-2 hover:text-brand-700 hover:underline">
            {commentsLabel(product.comments.length)}
          </a>
        </div>
        <p className="mt-1 text-xs text-ink-500">Ref. {product.referencia}</p>
        {share && <div className="mt-2">{share}</div>}

        <div className="mt-5 rounded-2xl bg-white p-4 ring-1 ring-sand-200 sm:p-5">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <ProductPrice product={product} size="lg" showDiscountBadge />
            {product.agotado && (
              <span className="rounded-full bg-ink-900 px-2.5 py-0.5 text-xs font-semibold text-white">Agotado</span>
            )}
          </div>
          <p className="mt-1 text-xs text-ink-500">IVA incluido. El envío se calcula al finalizar la compra.</p>
          {actions && <div className="mt-4">{actions}</div>}
        </div>

        {product.registroInvima && (
          <p className="mt-4 flex items-center gap-2 text-sm text-ink-600">
            <ShieldIcon className="size-4.5 shrink-0 text-brand-600" />
            <span>
              Registro sanitario INVIMA: <span className="font-medium text-ink-900">{product.registroInvima}</span>
            </span>
          </p>
        )}

        <section className="mt-8" aria-label="Descripción">
          <Section className="text-lg font-semibold text-ink-900">Descripción</Section>
          <div className="mt-2 space-y-3 leading-relaxed text-ink-700">
            {paragraphs.length > 0 ? (
              paragraphs.map((text) => <p key={text}>{text}</p>)
            ) : (
              <p className="text-ink-500">Este producto aún no tiene descripción.</p>
            )}
          </div>
        </section>

        {characteristics.length > 0 && (
          <section className="mt-8" aria-label="Características">
            <Section className="text-lg font-semibold text-ink-900">Características</Section>
            <dl className="mt-3 divide-y divide-sand-200 overflow-hidden rounded-2xl border border-sand-200 bg-white text-sm">
              {characteristics.map((item) => (
                <div key={item.name} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 px-4 py-2.5">
                  <dt className="text-ink-600">{item.name}</dt>
                  <dd className="font-medium text-ink-900">{item.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}

        {compact && (
          <div className="mt-8">
            <ProductComments comments={product.comments} headingId={commentsId} headingLevel="h3" />
          </div>
        )}
      </div>

      {!compact && (
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          <ProductComments comments={product.comments} headingId={commentsId} />
        </div>
      )}
    </article>
  )
}

/** Stands in for the detail while it loads, with the same boxes so nothing jumps. */
export function ProductDetailSkeleton({ compact = false }: { compact?: boolean }) {
  return (
    <div
      aria-hidden="true"
      className={compact ? 'flex flex-col gap-6' : 'grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)] lg:gap-14'}
    >
      <div className="flex flex-col gap-3">
        <Skeleton className="aspect-square w-full rounded-3xl" />
        <div className="flex gap-2">
          <Skeleton className="size-14 rounded-xl sm:size-16" />
          <Skeleton className="size-14 rounded-xl sm:size-16" />
          <Skeleton className="size-14 rounded-xl sm:size-16" />
        </div>
      </div>
      <div>
        <Skeleton className="h-3.5 w-24" />
        <Skeleton className="mt-3 h-8 w-11/12" />
        <Skeleton className="mt-2 h-8 w-2/3" />
        <Skeleton className="mt-4 h-4 w-48" />
        <Skeleton className="mt-5 h-40 w-full rounded-2xl" />
        <Skeleton className="mt-8 h-5 w-32" />
        <Skeleton className="mt-3 h-4 w-full" />
        <Skeleton className="mt-2 h-4 w-full" />
        <Skeleton className="mt-2 h-4 w-4/5" />
      </div>
    </div>
  )
}
