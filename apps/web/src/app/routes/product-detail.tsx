import type { ProductDetail } from '@piel/contracts'
import { STOCK_ALERT_WITHDRAW_PARAM } from '@piel/contracts/values'
import { type UseQueryResult, useQueries } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { Breadcrumbs, type Crumb } from '@/components/ui/breadcrumbs'
import { buttonStyles } from '@/components/ui/button-styles'
import { InfoIcon } from '@/components/ui/page-icons'
import { RetryButton } from '@/components/ui/query-notice'
import { AddToCart } from '@/features/cart/components/add-to-cart'
import { FavoriteButton } from '@/features/catalog/components/favorite-button'
import { LoginRequiredDialog } from '@/features/catalog/components/login-required-dialog'
import { ProductDetailSkeleton, ProductDetailView } from '@/features/catalog/components/product-detail-view'
import { ShareProduct } from '@/features/catalog/components/share-product'
import { catalogDetailQueries } from '@/features/catalog/detail-api'
import { parseProductIds } from '@/features/catalog/product-ids'
import { useFavoriteToggle } from '@/features/favorites/use-favorite-toggle'
import { RestockAlertPlaceholder } from '@/features/stock-alerts/components/restock-alert-placeholder'
import { useCurrentStore } from '@/features/store/api'
import { ApiError } from '@/lib/api-client'
import { paths } from '@/lib/paths'

// Issue 35: what a sold-out product offers ("Avísame cuando llegue") and the withdrawal link of its e-mail load only
// when a page needs them.
const RestockAlert = lazy(() =>
  import('@/features/stock-alerts/components/restock-alert').then((module) => ({ default: module.RestockAlert })),
)
const AlertWithdrawal = lazy(() =>
  import('@/features/stock-alerts/components/alert-withdrawal').then((module) => ({
    default: module.AlertWithdrawal,
  })),
)

/** More products than this side by side would only be unreadable columns. */
const MAX_PRODUCTS = 6

const home: Crumb = { label: 'Inicio', to: paths.home }

const catalogCrumb = (product: ProductDetail | undefined): Crumb =>
  product?.idCatalogo != null && product.nombreCatalogo
    ? { label: product.nombreCatalogo, to: paths.catalogs(product.idCatalogo) }
    : { label: 'Catálogos', to: paths.catalogs() }

/** `/detailProducts/:id`: one product, or several ids joined by commas shown side by side (spec 000 §2). */
export function Component() {
  const { id = '' } = useParams()
  const { ids: allIds, invalid } = parseProductIds(id)
  const ids = allIds.slice(0, MAX_PRODUCTS)
  const results = useQueries({ queries: ids.map((productId) => catalogDetailQueries.product(productId)) })

  if (ids.length === 0) return <InvalidLink invalid={invalid} />

  const [first] = results
  if (ids.length === 1 && first) {
    return (
      <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6 sm:pt-6 lg:px-8">
        <Breadcrumbs
          items={[home, catalogCrumb(first.data), { label: first.data?.descripcion ?? 'Producto' }]}
          className="mb-5 sm:mb-7"
        />
        <IgnoredIds invalid={invalid} />
        <Withdrawal />
        <ProductSlot productId={ids[0] ?? 0} result={first} />
      </div>
    )
  }

  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6 sm:pt-6 lg:px-8">
      <Breadcrumbs
        items={[home, { label: 'Catálogos', to: paths.catalogs() }, { label: 'Comparar productos' }]}
        className="mb-5"
      />
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Comparar productos</h1>
      <p className="mt-1 text-ink-600">
        {ids.length} productos, uno al lado del otro. Revisa precios, características y opiniones antes de elegir.
      </p>
      <IgnoredIds invalid={invalid} extra={allIds.length - ids.length} />
      <ul
        aria-label="Productos comparados"
        className={`mt-6 grid gap-x-8 divide-y divide-sand-200 md:grid-cols-2 md:divide-y-0 ${
          ids.length >= 3 ? 'lg:grid-cols-3' : ''
        }`}
      >
        {ids.map((productId, index) => {
          const result = results[index]
          return (
            <li key={productId} className="min-w-0 py-8 first:pt-0 md:py-0">
              {result && <ProductSlot productId={productId} result={result} compact />}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

function ProductSlot({
  productId,
  result,
  compact = false,
}: {
  productId: number
  result: UseQueryResult<ProductDetail>
  compact?: boolean
}) {
  const favorites = useFavoriteToggle()
  const { data: store } = useCurrentStore()
  const [loginRequired, setLoginRequired] = useState(false)
  const onLoginRequired = () => setLoginRequired(true)
  if (result.isPending) {
    return (
      <div role="status">
        <span className="sr-only">Cargando el producto…</span>
        <ProductDetailSkeleton compact={compact} />
      </div>
    )
  }
  if (result.isError) {
    const notFound = result.error instanceof ApiError && result.error.status === 404
    const Heading = compact ? 'h2' : 'h1'
    return (
      <div
        role="alert"
        className="flex flex-col items-center rounded-3xl border border-sand-200 bg-white px-6 py-12 text-center"
      >
        <span
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-full bg-sand-100 text-ink-600"
        >
          <InfoIcon className="size-6" />
        </span>
        <Heading className="mt-4 text-xl font-semibold text-ink-900">
          {notFound ? 'Producto no encontrado' : 'No pudimos cargar el producto'}
        </Heading>
        <p className="mt-2 max-w-sm text-ink-600">
          {notFound
            ? `El producto con código ${productId} no existe o ya no está disponible.`
            : 'Revisa tu conexión a internet e inténtalo de nuevo.'}
        </p>
        {notFound ? (
          <Link to={paths.catalogs()} className={`${buttonStyles.secondary} mt-6`}>
            Ver catálogos
          </Link>
        ) : (
          <RetryButton query={result} className={`${buttonStyles.primary} mt-6`} />
        )}
      </div>
    )
  }
  const product = result.data
  return (
    <>
      <LoginRequiredDialog open={loginRequired} onClose={() => setLoginRequired(false)} />
      <ProductDetailView
        product={product}
        compact={compact}
        share={!compact && <ShareProduct product={product} store={store} />}
        actions={
          <div className="flex flex-col gap-3">
            <AddToCart
              product={product}
              soldOutAction={
                <Suspense fallback={<RestockAlertPlaceholder />}>
                  <RestockAlert productId={product.id} onAvailable={() => void result.refetch()} />
                </Suspense>
              }
            />
            <FavoriteButton
              productName={product.descripcion}
              isFavorite={favorites.isFavorite(product.id)}
              onClick={() => (favorites.loggedIn ? favorites.toggle(product.id) : onLoginRequired())}
            />
          </div>
        }
      />
    </>
  )
}

/** `?retirarAviso=…`: the withdrawal link of a back-in-stock e-mail, above the product it was about. */
function Withdrawal() {
  const [params, setParams] = useSearchParams()
  const token = params.get(STOCK_ALERT_WITHDRAW_PARAM)
  if (!token) return null
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete(STOCK_ALERT_WITHDRAW_PARAM)
        return next
      },
      { replace: true },
    )
  return (
    <Suspense fallback={null}>
      <AlertWithdrawal token={token} onClose={close} />
    </Suspense>
  )
}

function IgnoredIds({ invalid, extra = 0 }: { invalid: readonly string[]; extra?: number }) {
  if (invalid.length === 0 && extra <= 0) return null
  return (
    <p className="mt-4 flex items-start gap-2 rounded-2xl bg-sand-100 px-4 py-3 text-sm text-ink-700">
      <InfoIcon className="mt-0.5 size-4 shrink-0" />
      <span>
        {invalid.length > 0 &&
          `${invalid.length === 1 ? 'Omitimos un código que no es válido' : 'Omitimos códigos que no son válidos'}: ${invalid
            .map((segment) => `«${segment}»`)
            .join(', ')}. `}
        {extra > 0 && `Mostramos los primeros ${MAX_PRODUCTS} productos.`}
      </span>
    </p>
  )
}

function InvalidLink({ invalid }: { invalid: readonly string[] }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-6 py-16 text-center sm:py-24">
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-full bg-clay-100 text-clay-600"
      >
        <InfoIcon className="size-7" />
      </span>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight">El enlace del producto no es válido</h1>
      <p className="mt-3 leading-relaxed text-ink-600">
        {invalid.length > 0
          ? `No reconocemos ${invalid.map((segment) => `«${segment}»`).join(', ')} como código de producto. `
          : 'El enlace no indica ningún producto. '}
        Revisa la dirección o busca el producto en nuestros catálogos.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.catalogs()} className={buttonStyles.primary}>
          Ver catálogos
        </Link>
        <Link to={paths.home} className={buttonStyles.secondary}>
          Ir al inicio
        </Link>
      </div>
    </div>
  )
}
