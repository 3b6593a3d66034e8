import type { ProductComment } from '@piel/contracts'
import { formatDate } from '@/lib/format'
import { StarRating } from './star-rating'

type ProductCommentsProps = {
  comments: readonly ProductComment[]
  /** Id for the section heading, so the rating summary can link to it. */
  headingId: string
  /** The heading level that fits the page: h2 for one product, h3 when products are compared. */
  headingLevel?: 'h2' | 'h3'
}

/** Comments of spec 000 §2: author, date, text and rating, the most recent first. */
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
            // biome-ignore lint/suspicious/noArrayIndexKey: comments have no id; author and date may repeat.
            <li key={index} className="px-4 py-4 sm:px-5">
              <article>
                <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <CommentHeading className="font-semibold text-ink-900">{comment.nombres}</CommentHeading>
                  <time dateTime={comment.fechaCalificacion} className="text-sm text-ink-500">
                    {formatDate(comment.fechaCalificacion)}
                  </time>
                </div>
                <StarRating value={comment.calificacion1} className="mt-1" />
                <p className="mt-2 leading-relaxed text-ink-700">{comment.comentario}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
