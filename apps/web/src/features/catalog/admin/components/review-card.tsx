import type { AdminReview, ReviewState } from '@piel/contracts'
import { MAX_REVIEW_REPLY, REVIEW_TEXTS } from '@piel/contracts/values'
import { type FormEvent, useId, useState } from 'react'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { FieldError, inputClass, labelClass } from '@/components/ui/form-field'
import { CheckIcon } from '@/components/ui/page-icons'
import { ReviewPhoto } from '@/components/ui/review-photo'
import { toast } from '@/components/ui/toast'
import { adminPaths } from '@/lib/admin-paths'
import { ApiError } from '@/lib/api-client'
import { formatDate, formatShortDate } from '@/lib/format'
import { StarRating } from '../../components/star-rating'
import { useDecideReview, useReviewReply } from '../reviews-api'

const STATE_TONE: Record<ReviewState, string> = {
  pendiente: 'bg-amber-100 text-ink-900',
  publicada: 'bg-brand-50 text-brand-900',
  oculta: 'bg-sand-100 text-ink-700',
}

/**
 * One review as the store moderates it: the product (a link narrows the list to it), the stars, title and text,
 * who wrote it and from which order, its state, and the store's answer; the buttons publish it, hide it and write,
 * change or remove the answer.
 */
export function ReviewCard({ review, productHref }: { review: AdminReview; productHref: string }) {
  const headingId = useId()
  const [replying, setReplying] = useState(false)
  const decide = useDecideReview(review.id)
  const removeReply = useReviewReply(review.id, (error) => toast.error(error.message))
  const busy = decide.isPending || removeReply.isPending

  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <Link
            to={productHref}
            className="text-sm font-semibold break-words text-brand-800 underline-offset-2 hover:underline"
          >
            {review.nombreProducto}
            <span className="sr-only"> (ver solo las opiniones de este producto)</span>
          </Link>
          <p className="text-xs text-ink-500">{review.referenciaProducto}</p>
        </div>
        <span className={`rounded-full px-3 py-1 text-xs font-semibold ${STATE_TONE[review.estado]}`}>
          {review.nombreEstado}
        </span>
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating value={review.calificacion} size="md" />
        <h3 id={headingId} className="min-w-0 font-semibold break-words text-ink-900">
          {review.titulo ?? `Comentario de ${review.autor}`}
        </h3>
      </div>
      <p className="mt-2 leading-relaxed break-words whitespace-pre-line text-ink-800">{review.comentario}</p>
      {review.fotoUrl && (
        <ReviewPhoto url={review.fotoUrl} alt={REVIEW_TEXTS.photoAlt(review.autor)} className="mt-3" />
      )}

      <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-600">
        <span className="font-medium text-ink-800">{review.autor}</span>
        {review.compraVerificada && review.idOrden !== null ? (
          <>
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
              <CheckIcon className="size-3.5" />
              {REVIEW_TEXTS.verifiedPurchase}
            </span>
            <Link to={adminPaths.order(review.idOrden)} className="underline-offset-2 hover:underline">
              Orden #{review.idOrden}
            </Link>
          </>
        ) : (
          <span>Comentario de ejemplo</span>
        )}
        <span aria-hidden="true">·</span>
        <span>
          Recibida el <time dateTime={review.recibida}>{formatShortDate(review.recibida)}</time>
        </span>
      </p>

      {review.respuestaTienda && !replying && (
        <div className="mt-3 rounded-xl border-l-4 border-brand-600 bg-sand-50 px-3.5 py-2.5 text-sm">
          <p className="text-xs font-semibold tracking-wide text-ink-600 uppercase">
            {REVIEW_TEXTS.storeReply}
            {review.fechaRespuesta && (
              <span className="font-normal tracking-normal normal-case"> · {formatDate(review.fechaRespuesta)}</span>
            )}
          </p>
          <p className="mt-1 break-words whitespace-pre-line text-ink-800">{review.respuestaTienda}</p>
        </div>
      )}

      {replying ? (
        <ReplyForm review={review} onDone={() => setReplying(false)} />
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          {review.estado !== 'publicada' && (
            <button
              type="button"
              className={buttonStyles.primary}
              disabled={busy}
              onClick={() => decide.mutate('publicada')}
            >
              Publicar
            </button>
          )}
          {review.estado !== 'oculta' && (
            <button
              type="button"
              className={buttonStyles.secondary}
              disabled={busy}
              onClick={() => decide.mutate('oculta')}
            >
              Ocultar
            </button>
          )}
          <button type="button" className={buttonStyles.ghost} disabled={busy} onClick={() => setReplying(true)}>
            {review.respuestaTienda ? 'Editar respuesta' : 'Responder'}
          </button>
          {review.respuestaTienda && (
            <button
              type="button"
              className={buttonStyles.ghost}
              disabled={busy}
              onClick={() => removeReply.mutate(null)}
            >
              Quitar respuesta
            </button>
          )}
        </div>
      )}
    </article>
  )
}

/** The store's public answer under the review, written or changed. */
function ReplyForm({ review, onDone }: { review: AdminReview; onDone: () => void }) {
  const ids = { text: useId(), error: useId() }
  const [text, setText] = useState(review.respuestaTienda ?? '')
  const [error, setError] = useState<string | undefined>()
  const save = useReviewReply(review.id, (failure) =>
    setError(failure instanceof ApiError ? (failure.campos?.respuesta ?? failure.message) : failure.message),
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (text.trim() === '') return setError(REVIEW_TEXTS.replyRequired)
    setError(undefined)
    save.mutate(text.trim(), { onSuccess: onDone })
  }
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-3">
      <div>
        <label htmlFor={ids.text} className={labelClass}>
          Respuesta de la tienda (se publica bajo la opinión)
        </label>
        <textarea
          id={ids.text}
          rows={3}
          maxLength={MAX_REVIEW_REPLY}
          className={inputClass}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
        />
        <FieldError id={ids.error} message={error} />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <button type="button" className={buttonStyles.ghost} onClick={onDone}>
          Cancelar
        </button>
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
          {save.isPending ? 'Guardando…' : 'Guardar respuesta'}
        </button>
      </div>
    </form>
  )
}
