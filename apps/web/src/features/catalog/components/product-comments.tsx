import type { ProductComment } from '@piel/contracts'
import { REVIEW_TEXTS } from '@piel/contracts/values'
import { CheckIcon } from '@/components/ui/page-icons'
import { ReviewPhoto } from '@/components/ui/review-photo'
import { formatDate } from '@/lib/format'
import { StarRating } from './star-rating'

type ProductCommentsProps = {
  comments: readonly ProductComment[]
  /** Id for the section heading, so the rating summary can link to it. */
  headingId: string
  /** The heading level that fits the page: h2 for one product, h3 when products are compared. */
  headingLevel?: 'h2' | 'h3'
}

/**
 * Comments of spec 000 §2: author, date, text and rating, the most recent first. A buyer's review (issue 35) adds its
 * title, "Compra verificada" (it comes from a delivered order), the buyer's photo (a thumbnail that opens large) and
 * the store's answer under it.
 */
export function ProductComments({ comments, headingId, headingLevel = 'h2' }: ProductCommentsProps) {
  const Heading = headingLevel
  const CommentHeading = headingLevel === 'h2' ? 'h3' : 'h4'
  return (
    <section aria-labelledby={headingId}>
      <Heading id={headingId} className="scroll-mt-24 text-lg font-semibold text-ink-900">
        Opiniones de clientes
        {comments.length > 0 && <span className="ml-2 text-base font-normal text-ink-500">({comments.length})</span>}
      </Heading>
      {comments.length === 0 ? (
        <p className="mt-3 rounded-2xl border border-dashed border-sand-300 bg-white/60 px-4 py-5 text-center text-ink-600">
          Aún no hay comentarios de este producto.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white">
          {comments.map((comment, index) => (
            // Seeded comments from older answers may come without an id; author and date may repeat.
            <li key={comment.id ?? `sin-id-${index}`} className="px-4 py-4 sm:px-5">
              <article>
                <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <CommentHeading className="min-w-0 font-semibold break-words text-ink-900">
                    {comment.titulo || comment.nombres}
                  </CommentHeading>
                  <time dateTime={comment.fechaCalificacion} className="text-sm text-ink-500">
                    {formatDate(comment.fechaCalificacion)}
                  </time>
                </div>
                <StarRating value={comment.calificacion1} className="mt-1" />
                {(comment.titulo || comment.compraVerificada) && (
                  <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-600">
                    {comment.titulo && <span>{comment.nombres}</span>}
                    {comment.compraVerificada && (
                      <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                        <CheckIcon className="size-3.5" />
                        {REVIEW_TEXTS.verifiedPurchase}
                      </span>
                    )}
                  </p>
                )}
                <p className="mt-2 leading-relaxed break-words whitespace-pre-line text-ink-700">
                  {comment.comentario}
                </p>
                {comment.fotoUrl && (
                  <ReviewPhoto url={comment.fotoUrl} alt={REVIEW_TEXTS.photoAlt(comment.nombres)} className="mt-3" />
                )}
                {comment.respuestaTienda && (
                  <div className="mt-3 rounded-xl border-l-4 border-brand-600 bg-sand-50 px-3.5 py-2.5 text-sm">
                    <p className="text-xs font-semibold tracking-wide text-ink-600 uppercase">
                      {REVIEW_TEXTS.storeReply}
                      {comment.fechaRespuesta && (
                        <span className="font-normal tracking-normal normal-case">
                          {' · '}
                          <time dateTime={comment.fechaRespuesta}>{formatDate(comment.fechaRespuesta)}</time>
                        </span>
                      )}
                    </p>
                    <p className="mt-1 break-words whitespace-pre-line text-ink-800">{comment.respuestaTienda}</p>
                  </div>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
