import { zodResolver } from '@hookform/resolvers/zod'
import { type BuyerReview, OrderReviewInputSchema, type OrderReviews, type ReviewState } from '@piel/contracts'
import { MAX_REVIEW_TEXT, MAX_REVIEW_TITLE, MIN_REVIEW_TEXT, REVIEW_TEXTS } from '@piel/contracts/values'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { type FieldPath, type Resolver, useForm, useWatch } from 'react-hook-form'
import { useLocation } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { FieldError, FormAlert, inputClass, labelClass, TextField } from '@/components/ui/form-field'
import { CheckIcon } from '@/components/ui/page-icons'
import { ReviewPhoto } from '@/components/ui/review-photo'
import { Skeleton } from '@/components/ui/skeleton'
import { ApiError } from '@/lib/api-client'
import { formatDate } from '@/lib/format'
import { serverMessage } from '../api'
import { orderReviewApi, orderReviewQueries, withSentReview, withUpdatedReview } from '../review-api'
import { ReviewPhotoField } from './review-photo-field'
import { ReviewStars, StarInput } from './review-stars'

/** The section's anchor: the delivery e-mail links to `/OrderDetail/{id}#calificar`. */
export const REVIEW_SECTION_ID = 'calificar'

/**
 * "Califica tus productos" on the page of a delivered order (issue 35): each product with its 1–5 stars, title and
 * text, or the review already sent and how it stands (in review, published, not published) with the store's answer.
 * Reached at `#calificar`, it scrolls into view once the order is on the page. The server decides what can be rated.
 */
export function OrderReviewsSection({ personId, orderId }: { personId: number; orderId: number }) {
  const reviews = useQuery(orderReviewQueries.ofOrder(personId, orderId))
  const headingId = useId()
  const section = useRef<HTMLElement>(null)
  const { hash } = useLocation()
  useEffect(() => {
    // The page arrives without the section (the order loads first): the browser's own jump to the anchor missed it.
    if (hash === `#${REVIEW_SECTION_ID}`) section.current?.scrollIntoView?.({ block: 'start' })
  }, [hash])

  return (
    <section
      ref={section}
      id={REVIEW_SECTION_ID}
      aria-labelledby={headingId}
      aria-busy={reviews.isPending}
      className="min-w-0 scroll-mt-24 rounded-3xl border border-sand-200 bg-white p-5 sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {REVIEW_TEXTS.sectionTitle}
      </h2>
      <p className="mt-1 text-sm text-ink-600">
        Cuéntales a otros clientes cómo te fue. Publicamos las opiniones después de revisarlas.
      </p>
      {reviews.isPending ? (
        <div className="mt-4 space-y-3">
          <span className="sr-only">Cargando tus productos…</span>
          <Skeleton className="h-5 w-64" />
          <Skeleton className="h-11 w-56" />
        </div>
      ) : reviews.isError ? (
        <p role="alert" className="mt-4 text-sm text-ink-700">
          {serverMessage(reviews.error) ?? 'No pudimos cargar tus opiniones.'}{' '}
          <button type="button" className="font-semibold text-brand-800 underline" onClick={() => reviews.refetch()}>
            Reintentar
          </button>
        </p>
      ) : !reviews.data.entregada ? (
        <p className="mt-4 text-sm text-ink-700">{reviews.data.razon ?? REVIEW_TEXTS.notDelivered}</p>
      ) : (
        <ul className="mt-4 divide-y divide-sand-200 border-t border-sand-200">
          {reviews.data.productos.map((product) => (
            <ProductReviewItem key={product.idProducto} personId={personId} orderId={orderId} product={product} />
          ))}
        </ul>
      )}
    </section>
  )
}

type ReviewedProduct = OrderReviews['productos'][number]

function ProductReviewItem({
  personId,
  orderId,
  product,
}: {
  personId: number
  orderId: number
  product: ReviewedProduct
}) {
  const [sent, setSent] = useState(false)
  const nameId = useId()
  const queryClient = useQueryClient()
  const queryKey = orderReviewQueries.ofOrder(personId, orderId).queryKey
  const showReview = (review: BuyerReview) =>
    queryClient.setQueryData(queryKey, (state) =>
      state ? withUpdatedReview(state, product.idProducto, review) : state,
    )
  // The photo chosen with the review goes once the review exists; a failure keeps the review and offers a retry.
  const [photo, setPhoto] = useState<File | null>(null)
  const upload = useMutation({
    mutationFn: (file: File) => orderReviewApi.setPhoto(orderId, product.idProducto, file),
    onSuccess: (review) => {
      setPhoto(null)
      showReview(review)
    },
  })
  const removePhoto = useMutation({
    mutationFn: () => orderReviewApi.removePhoto(orderId, product.idProducto),
    onSuccess: showReview,
    onError: (error) => {
      // Published or hidden meanwhile: the section shows how it stands now.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey })
    },
  })
  return (
    <li className="py-4 last:pb-0">
      <article aria-labelledby={nameId} className="min-w-0">
        <div className="flex items-center gap-3">
          <img
            src={product.imagen}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            className="size-14 shrink-0 rounded-xl border border-sand-200 bg-white object-contain"
          />
          <h3 id={nameId} className="min-w-0 font-medium break-words text-ink-900">
            {product.nombre}
          </h3>
        </div>
        {/* Always in the page, so the thanks is announced when it appears. */}
        <div role="status" className={sent ? 'mt-3' : undefined}>
          {sent && (
            <p className="flex items-start gap-2 rounded-xl bg-brand-50 px-3.5 py-2.5 text-sm font-medium text-brand-900 ring-1 ring-brand-200">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
              {REVIEW_TEXTS.thanks}
            </p>
          )}
        </div>
        {product.opinion ? (
          <>
            <OwnReview
              review={product.opinion}
              onRemovePhoto={() => removePhoto.mutate()}
              removingPhoto={removePhoto.isPending}
            />
            <FormAlert tone="danger" message={removePhoto.isError ? serverMessage(removePhoto.error) : null} />
            {upload.isPending && (
              <p role="status" className="mt-3 text-sm text-ink-600">
                Subiendo tu foto…
              </p>
            )}
            {upload.isError && photo && (
              <div
                role="alert"
                className="mt-3 rounded-xl bg-clay-50 px-3.5 py-3 text-sm text-ink-800 ring-1 ring-clay-200"
              >
                <p className="font-medium">{REVIEW_TEXTS.photoUploadFailed}</p>
                {serverMessage(upload.error) && <p className="mt-1">{serverMessage(upload.error)}</p>}
                <div className="mt-2 flex flex-wrap gap-2">
                  <button type="button" className={buttonStyles.primary} onClick={() => upload.mutate(photo)}>
                    {REVIEW_TEXTS.photoRetry}
                  </button>
                  <button
                    type="button"
                    className={buttonStyles.ghost}
                    onClick={() => {
                      setPhoto(null)
                      upload.reset()
                    }}
                  >
                    Seguir sin foto
                  </button>
                </div>
              </div>
            )}
          </>
        ) : product.puedeCalificar ? (
          <ReviewForm
            personId={personId}
            orderId={orderId}
            product={product}
            onSent={(file) => {
              setSent(true)
              if (file) {
                setPhoto(file)
                upload.mutate(file)
              }
            }}
          />
        ) : null}
      </article>
    </li>
  )
}

const STATE_TONE: Record<ReviewState, string> = {
  pendiente: 'bg-sand-100 text-ink-800',
  publicada: 'bg-brand-50 text-brand-900',
  oculta: 'bg-clay-100 text-ink-900',
}

/** The buyer's review as it stands: its stars, words and state, and the store's answer under it. */
function OwnReview({
  review,
  onRemovePhoto,
  removingPhoto,
}: {
  review: BuyerReview
  onRemovePhoto: () => void
  removingPhoto: boolean
}) {
  return (
    <div className="mt-3 space-y-2 text-sm text-ink-700">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <ReviewStars value={review.calificacion} />
        <span className={`rounded-full px-3 py-1 text-xs font-semibold ${STATE_TONE[review.estado]}`}>
          {review.nombreEstado}
        </span>
        <span className="text-ink-500">
          <time dateTime={review.fecha}>{formatDate(review.fecha)}</time>
        </span>
      </p>
      <p className="font-semibold break-words text-ink-900">{review.titulo}</p>
      <p className="leading-relaxed break-words whitespace-pre-line">{review.comentario}</p>
      {review.fotoUrl && (
        <div className="flex flex-wrap items-end gap-3">
          <ReviewPhoto url={review.fotoUrl} alt="Tu foto de la opinión" />
          {review.estado === 'pendiente' && (
            <button type="button" className={buttonStyles.ghost} disabled={removingPhoto} onClick={onRemovePhoto}>
              {removingPhoto ? 'Quitando…' : REVIEW_TEXTS.photoRemove}
            </button>
          )}
        </div>
      )}
      {review.estado === 'oculta' && (
        <p className="text-ink-600">La tienda decidió no publicar esta opinión. Si tienes dudas, escríbenos.</p>
      )}
      {review.respuestaTienda && (
        <div className="rounded-xl border-l-4 border-brand-600 bg-sand-50 px-3.5 py-2.5">
          <p className="text-xs font-semibold tracking-wide text-ink-600 uppercase">{REVIEW_TEXTS.storeReply}</p>
          <p className="mt-1 break-words whitespace-pre-line text-ink-800">{review.respuestaTienda}</p>
        </div>
      )}
    </div>
  )
}

/** The form's own values: the stars as the radios hold them ('' : none chosen yet). */
type ReviewFormValues = { calificacion: string; titulo: string; comentario: string }
type ReviewValues = { idProducto: number; calificacion: number; titulo: string; comentario: string }

const FIELDS: readonly string[] = ['calificacion', 'titulo', 'comentario']

/** The server's own rules (`OrderReviewInputSchema`), with its Spanish messages, on the form's fields. */
const contractResolver = zodResolver(OrderReviewInputSchema)
const resolverFor =
  (idProducto: number): Resolver<ReviewFormValues, unknown, ReviewValues> =>
  (values, context, options) =>
    contractResolver(
      { ...values, idProducto, calificacion: values.calificacion === '' ? Number.NaN : Number(values.calificacion) },
      context,
      // biome-ignore lint/suspicious/noExplicitAny: the contract's resolver is typed with its input, not the form's text fields.
      options as any,
    ) as unknown as ReturnType<Resolver<ReviewFormValues, unknown, ReviewValues>>

function ReviewForm({
  personId,
  orderId,
  product,
  onSent,
}: {
  personId: number
  orderId: number
  product: ReviewedProduct
  /** The review was stored; `photo` is the one chosen with it, to be sent now. */
  onSent: (photo: File | null) => void
}) {
  const queryClient = useQueryClient()
  const [photo, setPhoto] = useState<File | null>(null)
  const ids = { rating: useId(), text: useId(), textError: useId(), textHint: useId() }
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ReviewFormValues, unknown, ReviewValues>({
    resolver: resolverFor(product.idProducto),
    defaultValues: { calificacion: '', titulo: '', comentario: '' },
  })
  const rating = useWatch({ control, name: 'calificacion' })
  const text = useWatch({ control, name: 'comentario' })
  const queryKey = orderReviewQueries.ofOrder(personId, orderId).queryKey
  const send = useMutation({
    mutationFn: (values: ReviewValues) => orderReviewApi.send(orderId, values),
    onSuccess: (created) => {
      onSent(photo)
      queryClient.setQueryData(queryKey, (state) => (state ? withSentReview(state, created) : state))
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return
      for (const [field, message] of Object.entries(error.campos ?? {})) {
        if (FIELDS.includes(field)) setError(field as FieldPath<ReviewFormValues>, { message })
      }
      // Rated meanwhile (another tab) or no longer possible: the section shows how it stands now.
      if (error.status === 409) void queryClient.invalidateQueries({ queryKey })
    },
  })
  const textLength = text.trim().length
  // A refusal of the fields is shown under them; anything else (a 409, a 429, no connection) above the button.
  const fieldRefusal =
    send.error instanceof ApiError && Object.keys(send.error.campos ?? {}).some((field) => FIELDS.includes(field))

  return (
    <form
      noValidate
      aria-label={`Tu opinión de ${product.nombre}`}
      onSubmit={handleSubmit((values) => {
        if (!send.isPending) send.mutate(values)
      })}
      className="mt-3 space-y-4"
    >
      <StarInput
        legend="Tu calificación"
        value={rating}
        error={errors.calificacion?.message}
        errorId={`${ids.rating}-error`}
        registration={register('calificacion')}
      />
      <TextField
        label="Título"
        maxLength={MAX_REVIEW_TITLE}
        placeholder="En pocas palabras"
        error={errors.titulo?.message}
        {...register('titulo')}
      />
      <div>
        <label htmlFor={ids.text} className={labelClass}>
          Tu opinión
        </label>
        <textarea
          id={ids.text}
          rows={4}
          maxLength={MAX_REVIEW_TEXT}
          placeholder="¿Cómo te fue con el producto? ¿Para qué tipo de piel lo recomiendas?"
          className={inputClass}
          aria-invalid={errors.comentario ? true : undefined}
          aria-describedby={errors.comentario ? `${ids.textHint} ${ids.textError}` : ids.textHint}
          {...register('comentario')}
        />
        <p id={ids.textHint} className="mt-1.5 text-sm text-ink-600">
          {textLength < MIN_REVIEW_TEXT
            ? `Mínimo ${MIN_REVIEW_TEXT} caracteres.`
            : `${textLength} de ${MAX_REVIEW_TEXT} caracteres.`}
        </p>
        <FieldError id={ids.textError} message={errors.comentario?.message} />
      </div>
      <ReviewPhotoField value={photo} onChange={setPhoto} />
      <FormAlert tone="danger" message={send.isError && !fieldRefusal ? serverMessage(send.error) : null} />
      <button type="submit" className={`${buttonStyles.primary} w-full sm:w-auto`} disabled={send.isPending}>
        {send.isPending ? 'Enviando…' : 'Enviar opinión'}
      </button>
    </form>
  )
}
