import { useParams } from 'react-router'
import { QueryNotice } from '@/components/ui/query-notice'
import { AuditHistory } from '@/features/accounts/admin/components/audit-history'
import { ProductEditor, ProductEditorSkeleton } from '@/features/catalog/admin/components/product-editor'
import { useAdminProduct, useCatalogOptions } from '@/features/catalog/admin/products-api'
import { ProductAlerts } from '@/features/stock-alerts/admin/components/product-alerts'
import { ApiError } from '@/lib/api-client'
import { Component as NotFound } from '../not-found'

/**
 * `/admin/productos/nuevo` and `/admin/productos/:id` (issue 17): a product with every field the shop shows, its
 * pictures, its stock and the history of its changes, beside a preview of its card in the shop. A saved change is
 * in the shop at once (the server refreshes the shop's caches).
 */
export function Component() {
  const param = useParams().id
  const isNew = param === undefined
  const id = Number(param)
  const valid = isNew || (Number.isInteger(id) && id > 0)
  const product = useAdminProduct(id, !isNew && valid)
  const options = useCatalogOptions()

  if (!valid || (product.error instanceof ApiError && product.error.status === 404)) return <NotFound />
  const failed = options.isError ? options : product.isError ? product : null
  if (failed) {
    return (
      <QueryNotice
        query={failed}
        title="No pudimos cargar el producto."
        text={failed.error?.message}
        className="mt-6"
      />
    )
  }
  if (!options.data || (!isNew && !product.data)) return <ProductEditorSkeleton />
  return (
    <ProductEditor
      key={product.data?.id ?? 'nuevo'}
      product={product.data ?? null}
      options={options.data}
      history={product.data && <AuditHistory entity="producto" id={product.data.id} />}
      alerts={product.data && <ProductAlerts productId={product.data.id} />}
    />
  )
}
