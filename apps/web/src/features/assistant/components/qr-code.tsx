import { encodeQR } from 'qr'
import { useMemo } from 'react'

type QrCodeProps = { value: string; label: string; size?: number; className?: string }

/**
 * A QR code of `value` as one SVG path (black modules on white, a 4-module quiet zone, error correction M), drawn
 * from the matrix `qr` computes: no HTML string is injected, and nothing is fetched.
 */
export function QrCode({ value, label, size = 176, className }: QrCodeProps) {
  const { path, modules } = useMemo(() => {
    const matrix = encodeQR(value, 'raw', { ecc: 'medium', border: 4 })
    let d = ''
    matrix.forEach((row, y) => {
      let x = 0
      while (x < row.length) {
        if (!row[x]) {
          x += 1
          continue
        }
        const start = x
        while (x < row.length && row[x]) x += 1
        d += `M${start} ${y}h${x - start}v1h${start - x}z`
      }
    })
    return { path: d, modules: matrix.length }
  }, [value])

  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
