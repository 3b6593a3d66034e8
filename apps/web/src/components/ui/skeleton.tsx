type SkeletonProps = { className?: string; tone?: 'light' | 'dark' }

/**
 * A placeholder block shown while content loads; hidden from assistive technology. A `<span>` displayed as a block,
 * so it may stand where only phrasing content is allowed (inside a `<p>` or a `<button>`).
 */
export function Skeleton({ className = '', tone = 'light' }: SkeletonProps) {
  const color = tone === 'dark' ? 'bg-white/10' : 'bg-sand-200/80'
  return <span aria-hidden="true" className={`block rounded-md ${color} motion-safe:animate-pulse ${className}`} />
}
