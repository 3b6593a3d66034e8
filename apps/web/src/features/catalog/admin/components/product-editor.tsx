import type { AdminCatalogOptions, AdminProduct, ProductSummary } from '@piel/contracts'
import { formatCop, oldPrice } from '@piel/contracts/values'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/toast'
import { adminPaths } from '@/lib/admin-paths'
import { paths } from '@/lib/paths'
import { ProductCard } from '../../components/product-card'
import { productAdminApi, productAdminQueries } from '../products-api'
import { InventoryPanel } from './inventory-panel'
import { ProductForm, type ProductFormValues, Section, toProductInput } from './product-form'
import { type EditorImage, ProductImages, usePendingImages } from './product-images'

/**
 * A product with every field the shop shows, its pictures, its stock and (in `history`) the history of its changes,
 * beside a preview of its card in the shop; `product` is null for a new one. A saved change is in the shop at once
 * (the server refreshes the shop's caches). `alerts`: who waits for it to come back (issue 35).
 */
export function ProductEditor({
  product,
  options,
  history,
  alerts,
}: {
  product: AdminProduct | null
  options: AdminCatalogOptions
  history: ReactNode
  alerts?: ReactNode
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const pending = usePendingImages()
  const [imageError, setImageError] = useState<string | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] })
  const { hash } = useLocation()

  // Opened from the inventory (`#inventario`): the section is drawn only now that the product has arrived.
  useEffect(() => {
    if (hash === '#inventario') document.getElementById('inventario')?.scrollIntoView()
  }, [hash])

  /** Uploads files one after another; the first failure stops and is shown. */
  const uploadAll = async (productId: number, files: File[]) => {
    for (const file of files) {
      try {
        await productAdminApi.addImage(productId, file)
      } catch (error) {
        setImageError(`${file.name}: ${error instanceof Error ? error.message : 'no se pudo subir.'}`)
        return false
      }
    }
    return true
  }

  const save = useMutation({
    mutationFn: async (values: ProductFormValues) => {
      const input = toProductInput(values)
      if (product) return productAdminApi.update(product.id, input)
      const created = await productAdminApi.create(input)
      await uploadAll(
        created.id,
        pending.images.flatMap((image) => (image.file ? [image.file] : [])),
      )
      return created
    },
    onSuccess: async (saved) => {
      await refresh()
      if (product) {
        queryClient.setQueryData(productAdminQueries.product(saved.id).queryKey, saved)
        toast.success('Cambios guardados: ya se ven en la tienda.')
      } else {
        pending.clear()
        toast.success('Producto creado.')
        navigate(adminPaths.product(saved.id), { replace: true })
      }
    },
  })

  const images = useMutation({
    mutationFn: async (change: { add?: File[]; order?: string[] }) => {
      if (!product) return
      setImageError(null)
      if (change.add) await uploadAll(product.id, change.add)
      if (change.order) await productAdminApi.setImages(product.id, change.order)
    },
    onSettled: refresh,
    onError: (error) => setImageError(error.message),
  })

  const stored: EditorImage[] = (product?.imagenes ?? []).map((image) => ({
    id: image.clave,
    clave: image.clave,
    url: image.url,
  }))
  const imageEditor = product ? (
    <ProductImages
      images={stored}
      busy={images.isPending}
      error={imageError}
      onAdd={(files) => images.mutate({ add: files })}
      onChange={(next) => images.mutate({ order: next.flatMap((image) => (image.clave ? [image.clave] : [])) })}
    />
  ) : (
    <ProductImages images={pending.images} error={imageError} onAdd={pending.add} onChange={pending.set} />
  )
  const mainImage = product ? product.imagenes[0]?.url : pending.images[0]?.url

  return (
    <div className="mt-6">
      <Link to={adminPaths.products} className="text-sm font-semibold text-brand-700 hover:underline">
        ← Todos los productos
      </Link>
      <div className="mt-2 mb-5 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">
            {product ? product.nombre : 'Nuevo producto'}
          </h1>
          {product && (
            <p className="mt-1 text-sm text-ink-600">
              Ref. {product.referencia} · {product.vendidos.toLocaleString('es-CO')} vendidos
            </p>
          )}
        </div>
        {product?.enVenta && (
          <a
            href={paths.productDetail(product.id)}
            target="_blank"
            rel="noreferrer"
            className="text-sm font-semibold text-brand-700 hover:underline"
          >
            Ver en la tienda ↗
          </a>
        )}
      </div>

      <ProductForm
        product={product}
        options={options}
        saving={save.isPending}
        onSave={(values) => save.mutateAsync(values)}
        preview={(values) => <Preview values={values} image={mainImage} stock={product?.existencia} />}
      >
        {!product && (
          <Section title="Imágenes" description="Se suben al crear el producto; la primera es la principal.">
            {imageEditor}
          </Section>
        )}
      </ProductForm>

      {product && (
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="space-y-6">
            <Section title="Imágenes" description="La primera es la principal: la que muestran las listas.">
              {imageEditor}
            </Section>
            <section id="inventario" className="scroll-mt-24">
              <Section title="Inventario">
                <InventoryPanel productId={product.id} threshold={product.umbralExistencia} />
              </Section>
            </section>
            {alerts && (
              <section id="avisos" className="scroll-mt-24">
                <Section
                  title="Avisos de disponibilidad"
                  description="Quienes pidieron que les avisemos cuando vuelva: se les escribe una sola vez, cuando está a la venta con existencia."
                >
                  {alerts}
                </Section>
              </section>
            )}
            <Section title="Historial de cambios">{history}</Section>
          </div>
        </div>
      )}
    </div>
  )
}

/** The product's card as a shopper will see it in the lists, from the form's values as they are typed. */
function Preview({ values, image, stock }: { values: ProductFormValues; image?: string; stock?: number }) {
  const price = Number.isFinite(values.valor) ? values.valor : 0
  const discount = Number.isFinite(values.descuento) ? values.descuento : 0
  const units = stock ?? (Number.isFinite(values.existenciaInicial) ? values.existenciaInicial : 0)
  const before = discount > 0 && discount < 100 ? oldPrice(price, discount) : null
  const summary: ProductSummary = {
    id: 0,
    fotoPrincipal: image ?? '/producto-sin-imagen.svg',
    descripcion: values.nombre || 'Nombre del producto',
    marca: values.marca,
    referencia: values.referencia,
    nombreTienda: 'Piel Dermocosmética',
    idTienda: 0,
    calificacion: 0,
    valor: price,
    valorMoneda: formatCop(price),
    valorAnterior: before,
    valorAnteriorMoneda: before === null ? null : formatCop(before),
    descuento: discount,
    iva: values.iva,
    valorCorp: null,
    descuentoCorp: null,
    ivaCorp: null,
    cantidad: units,
    agotado: units <= 0,
    precioCorporativo: false,
  }
  return (
    <div className="mx-auto max-w-64">
      <div inert className="pointer-events-none">
        <ProductCard product={summary} />
      </div>
      {!values.enVenta && (
        <p className="mt-2 rounded-xl bg-sand-100 px-3 py-2 text-center text-sm text-ink-700">
          Fuera de venta: la tienda no lo muestra.
        </p>
      )}
    </div>
  )
}

/** A product while it loads. */
export function ProductEditorSkeleton() {
  return (
    <div role="status" className="mt-6 space-y-4">
      <span className="sr-only">Cargando el producto…</span>
      <Skeleton className="h-8 w-72" />
      <Skeleton className="h-64 w-full rounded-2xl" />
      <Skeleton className="h-40 w-full rounded-2xl" />
    </div>
  )
}
