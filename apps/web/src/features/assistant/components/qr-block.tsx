import { SmartphoneIcon } from '@/components/ui/page-icons'
import { QrCode } from './qr-code'

/**
 * Spec 001 §2 "QR block with an example photo": the code the phone scans to open the upload page, beside a drawing
 * of the photo to take. On a phone the QR is of no use (it is the phone), so the same page opens with a button.
 */
export function QrBlock({ uploadUrl }: { uploadUrl: string }) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-4 rounded-2xl bg-sand-50 p-3 ring-1 ring-sand-200">
      <div className="hidden rounded-xl bg-white p-1.5 sm:block">
        <QrCode value={uploadUrl} size={168} label="Código QR para enviar la foto de tu rostro desde el teléfono" />
      </div>
      <ExampleFace />
      <div className="min-w-0 flex-1 basis-48 text-sm text-ink-700">
        <p className="font-semibold text-ink-900">Así debe verse tu foto</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-4">
          <li>De frente, con el rostro dentro de la silueta</li>
          <li>Luz pareja, sin sombras ni contraluz</li>
          <li>Sin maquillaje, gafas ni cabello sobre la cara</li>
        </ul>
        <a
          href={uploadUrl}
          target="_blank"
          rel="noopener"
          className="mt-3 inline-flex min-h-10 items-center gap-2 rounded-full bg-brand-700 px-4 text-sm font-semibold text-white sm:hidden"
        >
          <SmartphoneIcon className="size-4" />
          Tomar la foto con este teléfono
        </a>
      </div>
    </div>
  )
}

/** A drawing of a well-taken photo: a face centred in the upload page's outline (no real person's picture). */
function ExampleFace() {
  return (
    <svg
      viewBox="0 0 120 148"
      role="img"
      aria-label="Ejemplo: rostro de frente, centrado en la silueta y bien iluminado"
      className="h-32 w-auto shrink-0 rounded-xl bg-gradient-to-b from-sand-100 to-sand-200"
    >
      <ellipse cx="60" cy="72" rx="40" ry="52" fill="none" stroke="#1d5752" strokeWidth="2.5" strokeDasharray="6 5" />
      <path d="M28 52c2-26 62-30 64 0-6-10-14-16-32-16S34 42 28 52Z" fill="#4a413c" />
      <ellipse cx="60" cy="74" rx="30" ry="40" fill="#e3b79b" />
      <path d="M31 60c4-22 54-24 58 0-8-9-17-13-29-13s-21 4-29 13Z" fill="#4a413c" />
      <ellipse cx="48" cy="72" rx="4" ry="2.6" fill="#2a2421" />
      <ellipse cx="72" cy="72" rx="4" ry="2.6" fill="#2a2421" />
      <path d="M42 65q6-3 12 0M66 65q6-3 12 0" stroke="#4a413c" strokeWidth="2" fill="none" strokeLinecap="round" />
      <path d="M60 76v10q-3 2-5 1" stroke="#b98569" strokeWidth="2" fill="none" strokeLinecap="round" />
      <path d="M51 96q9 6 18 0" stroke="#a9634a" strokeWidth="2.4" fill="none" strokeLinecap="round" />
      <path d="M20 148c4-22 20-30 40-30s36 8 40 30Z" fill="#7fbbb1" />
    </svg>
  )
}
