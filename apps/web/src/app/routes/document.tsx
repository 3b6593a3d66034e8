import { Fragment } from 'react'
import { Link, useParams } from 'react-router'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { buttonStyles } from '@/components/ui/button-styles'
import { PrinterIcon } from '@/components/ui/page-icons'
import { QueryNotice } from '@/components/ui/query-notice'
import { Skeleton } from '@/components/ui/skeleton'
import {
  type DocumentBlock,
  findLegalDocument,
  type Inline,
  LEGAL_DOCUMENTS,
  type Seller,
} from '@/features/legal/documents'
import { useCurrentStore } from '@/features/store/api'
import { formatPhone } from '@/features/store/contact-links'
import { formatDate } from '@/lib/format'
import { paths } from '@/lib/paths'
import { Component as NotFound } from './not-found'

/** `/documentos/:slug`: the terms and conditions and the data treatment policy, linked from the footer and menu. */
export function Component() {
  const { slug } = useParams()
  const legalDocument = findLegalDocument(slug)
  const storeQuery = useCurrentStore()
  const { data: store, isPending, isError } = storeQuery

  if (!legalDocument) return <NotFound />

  const other =
    legalDocument.slug === 'terminos-y-condiciones'
      ? LEGAL_DOCUMENTS['tratamiento-de-datos']
      : LEGAL_DOCUMENTS['terminos-y-condiciones']
  const otherPath = other.slug === 'terminos-y-condiciones' ? paths.termsDocument : paths.dataTreatmentDocument
  const seller: Seller | undefined = store && {
    ...store,
    telefono: formatPhone(store.telefono),
    whatsapp: formatPhone(store.whatsapp),
  }
  const sections = seller ? legalDocument.sections(seller) : []

  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 sm:px-6 sm:pt-6 lg:px-8">
      <Breadcrumbs
        items={[{ label: 'Inicio', to: paths.home }, { label: legalDocument.title }]}
        className="mb-5 print:hidden"
      />

      <header className="border-b border-sand-200 pb-6">
        <p className="text-sm font-semibold tracking-[0.14em] text-clay-600 uppercase">Documento legal</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-balance sm:text-4xl">{legalDocument.title}</h1>
        <p className="mt-3 max-w-2xl text-ink-600 sm:text-lg">{legalDocument.summary}</p>
        <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-3 text-sm">
          <p className="text-ink-600">
            Vigente desde el{' '}
            <time dateTime={legalDocument.effectiveDate} className="font-medium text-ink-900">
              {formatDate(legalDocument.effectiveDate)}
            </time>
          </p>
          <button
            type="button"
            onClick={() => window.print()}
            className={`${buttonStyles.ghost} -ml-3 print:hidden sm:ml-0`}
          >
            <PrinterIcon className="size-4.5" />
            Imprimir o guardar en PDF
          </button>
        </div>
      </header>

      {isPending ? (
        <DocumentSkeleton />
      ) : isError || !seller ? (
        <QueryNotice
          variant="section"
          query={storeQuery}
          title="No pudimos cargar el documento"
          text="Revisa tu conexión a internet e inténtalo de nuevo."
        />
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
          <nav aria-label="Contenido del documento" className="print:hidden">
            <details className="group rounded-2xl border border-sand-200 bg-white lg:hidden">
              <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 font-semibold [&::-webkit-details-marker]:hidden">
                Contenido
                <span aria-hidden="true" className="text-ink-500 transition-transform group-open:rotate-180">
                  ▾
                </span>
              </summary>
              <TableOfContents sections={sections} className="border-t border-sand-200 px-2 py-2" />
            </details>
            <div className="hidden lg:sticky lg:top-28 lg:block">
              <p className="px-3 text-xs font-semibold tracking-wide text-ink-500 uppercase">Contenido</p>
              <TableOfContents sections={sections} className="mt-2" />
            </div>
          </nav>

          <article className="max-w-3xl">
            {sections.map((section, index) => (
              <section key={section.id} aria-labelledby={`doc-${section.id}`} className="pb-8">
                <h2
                  id={`doc-${section.id}`}
                  className="scroll-mt-6 text-lg font-semibold text-ink-900 sm:text-xl lg:scroll-mt-28"
                >
                  <span className="mr-2 text-clay-600 tabular-nums">{index + 1}.</span>
                  {section.title}
                </h2>
                <div className="mt-3 space-y-3 leading-relaxed text-ink-700">
                  {section.blocks.map((block, blockIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a section are fixed text.
                    <Block key={blockIndex} block={block} />
                  ))}
                </div>
              </section>
            ))}
            <aside className="mt-2 rounded-2xl bg-sand-100/70 p-5 text-sm text-ink-700 print:hidden">
              ¿Buscas el otro documento?{' '}
              <Link to={otherPath} className="font-semibold text-brand-700 underline underline-offset-2">
                {other.title}
              </Link>
              . ¿Tienes preguntas?{' '}
              <Link to={paths.contacts} className="font-semibold text-brand-700 underline underline-offset-2">
                Escríbenos
              </Link>
              .
            </aside>
          </article>
        </div>
      )}
    </div>
  )
}

function TableOfContents({
  sections,
  className = '',
}: {
  sections: readonly { id: string; title: string }[]
  className?: string
}) {
  return (
    <ol className={`space-y-0.5 text-sm ${className}`}>
      {sections.map((section, index) => (
        <li key={section.id}>
          <a
            href={`#doc-${section.id}`}
            className="flex gap-2 rounded-lg px-3 py-1.5 text-ink-700 transition-colors hover:bg-sand-100 hover:text-ink-900"
          >
            <span className="text-ink-500 tabular-nums">{index + 1}.</span>
            {section.title}
          </a>
        </li>
      ))}
    </ol>
  )
}

function Block({ block }: { block: DocumentBlock }) {
  if (block.kind === 'paragraph') {
    return (
      <p>
        <Inlines content={block.content} />
      </p>
    )
  }
  return (
    <ul className="list-disc space-y-1.5 pl-5 marker:text-brand-400">
      {block.items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: list items are fixed text.
        <li key={index}>
          <Inlines content={item} />
        </li>
      ))}
    </ul>
  )
}

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800'

function Inlines({ content }: { content: readonly Inline[] }) {
  return content.map((piece, index) => {
    // biome-ignore lint/suspicious/noArrayIndexKey: pieces of a sentence have no identity of their own.
    if (typeof piece === 'string') return <Fragment key={index}>{piece}</Fragment>
    if (piece.href.startsWith('/')) {
      return (
        // biome-ignore lint/suspicious/noArrayIndexKey: pieces of a sentence have no identity of their own.
        <Link key={index} to={piece.href} className={linkClass}>
          {piece.text}
        </Link>
      )
    }
    const external = piece.href.startsWith('http')
    return (
      <a
        // biome-ignore lint/suspicious/noArrayIndexKey: pieces of a sentence have no identity of their own.
        key={index}
        href={piece.href}
        className={`${linkClass} break-words`}
        {...(external ? { target: '_blank', rel: 'noopener' } : {})}
      >
        {piece.text}
        {external && <span className="sr-only"> (se abre en una pestaña nueva)</span>}
      </a>
    )
  })
}

function DocumentSkeleton() {
  return (
    <div role="status" className="mt-8 max-w-3xl lg:ml-[18rem]">
      <span className="sr-only">Cargando el documento…</span>
      {['a', 'b', 'c'].map((key) => (
        <div key={key} aria-hidden="true" className="pb-8">
          <Skeleton className="h-6 w-56" />
          <Skeleton className="mt-4 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-3/4" />
        </div>
      ))}
    </div>
  )
}
