type SkeletonProps = { className?: string; tone?: 'light' | 'dark' }

/** A placeholder block shown while content loads; hidden from assistive technology. */
export function Skeleton({ className = '', tone = 'light' }: SkeletonProps) {
  const color = tone === 'dark' ? 'bg-white/10' : 'bg-sand-200/80'
  return <div aria-hidden="true" className={`rounded-md ${color} motion-safe:animate-pulse ${className}`} />
}
