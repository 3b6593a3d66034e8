/** Class names shared by buttons and links that look like buttons. */
const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60'

export const buttonStyles = {
  primary: `${base} bg-brand-700 px-5 py-2.5 text-sm text-white hover:bg-brand-800`,
  secondary: `${base} border border-brand-700/30 bg-white px-5 py-2.5 text-sm text-brand-800 hover:border-brand-700 hover:bg-brand-50`,
  ghost: `${base} px-3 py-2 text-sm text-ink-700 hover:bg-sand-100 hover:text-ink-900`,
  icon: 'inline-flex size-10 items-center justify-center rounded-full text-ink-700 transition-colors hover:bg-sand-100 hover:text-ink-900',
} as const
