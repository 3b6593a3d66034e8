import type { ReactNode } from 'react'
import { buttonStyles } from './button-styles'

/** What a retry needs of a TanStack query (or of anything that can be asked again). */
export type Retryable = { refetch: () => unknown; isFetching: boolean }

/** "Reintentar" for a failed query; while it runs again the button waits and says "Reintentando…". */
export function RetryButton({ query, className = buttonStyles.secondary }: { query: Retryable; className?: string }) {
  return (
    <button type="button" onClick={() => query.refetch()} disabled={query.isFetching} className={className}>
      {query.isFetching ? 'Reintentando…' : 'Reintentar'}
    </button>
  )
}

const variants = {
  /** A tinted box in place of a section's content. */
  box: {
    root: 'rounded-2xl border border-clay-300/60 bg-clay-100/50 p-5 text-center',
    title: 'font-medium text-ink-900',
    text: 'mt-1 text-sm text-ink-600',
    action: 'mt-4',
    button: buttonStyles.secondary,
  },
  /** A few lines inside a card (the checkout's sections). */
  inline: {
    root: 'text-sm',
    title: 'font-medium text-ink-900',
    text: 'mt-1 text-ink-600',
    action: 'mt-3',
    button: buttonStyles.secondary,
  },
  /** The whole page could not be shown: its heading says so. */
  page: {
    root: 'mx-auto max-w-md px-6 py-20 text-center',
    title: 'text-xl font-semibold',
    text: 'mt-2 text-ink-600',
    action: 'mt-6',
    button: buttonStyles.primary,
  },
  /** The main part of a page that keeps its own heading. */
  section: {
    root: 'mx-auto max-w-md py-16 text-center',
    title: 'text-xl font-semibold',
    text: 'mt-2 text-ink-600',
    action: 'mt-6',
    button: buttonStyles.primary,
  },
} as const

type QueryNoticeProps = {
  /** The failed query; "Reintentar" asks it again. */
  query: Retryable
  title: string
  text?: ReactNode
  variant?: keyof typeof variants
  className?: string
}

/**
 * A query that failed, in Spanish, with "Reintentar": the one way every screen says it could not load something.
 * It is an alert, so a screen reader announces it when it replaces the content.
 */
export function QueryNotice({ query, title, text, variant = 'box', className = '' }: QueryNoticeProps) {
  const style = variants[variant]
  const Title = variant === 'page' ? 'h1' : variant === 'section' ? 'h2' : 'p'
  return (
    <div role="alert" className={`${style.root} ${className}`}>
      <Title className={style.title}>{title}</Title>
      {text && <p className={style.text}>{text}</p>}
      <RetryButton query={query} className={`${style.button} ${style.action}`} />
    </div>
  )
}
