import { useState } from 'react'
import { ModalDialog } from './modal-dialog'

/** `/media/…` pictures are served narrower with `?w=`; anything else (a local preview) is shown as it is. */
const RESIZABLE = /^\/media\/[^?#]+$/
const at = (url: string, width: number) => (RESIZABLE.test(url) ? `${url}?w=${width}` : url)

/**
 * A buyer's photo with their review (issue 35): a small square thumbnail, lazy-loaded, that opens the photo large in a
 * modal dialog (Escape, the × or a tap outside close it). The thumbnail asks for the server's 160/320-px widths, the
 * large one for 960 or 1600 px, so a phone never downloads the full photo to draw a thumbnail.
 */
export function ReviewPhoto({ url, alt, className = '' }: { url: string; alt: string; className?: string }) {
  const [open, setOpen] = useState(false)
  const resizable = RESIZABLE.test(url)
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={`block size-20 shrink-0 overflow-hidden rounded-xl border border-sand-200 bg-sand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:size-24 ${className}`}
        aria-label={`${alt} (ver en grande)`}
        aria-haspopup="dialog"
      >
        <img
          src={at(url, 160)}
          srcSet={resizable ? `${at(url, 160)} 160w, ${at(url, 320)} 320w` : undefined}
          sizes={resizable ? '96px' : undefined}
          alt={alt}
          width={96}
          height={96}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      </button>
      {open && (
        <ModalDialog open onClose={() => setOpen(false)} title={alt} variant="form" closeLabel="Cerrar foto">
          <div className="px-5 pt-3 pb-5 sm:px-6 sm:pb-6">
            <img
              src={at(url, 960)}
              srcSet={resizable ? `${at(url, 960)} 960w, ${at(url, 1600)} 1600w` : undefined}
              sizes={resizable ? '(min-width: 32rem) 32rem, 100vw' : undefined}
              alt={alt}
              decoding="async"
              className="max-h-[70dvh] w-full rounded-2xl bg-sand-50 object-contain"
            />
          </div>
        </ModalDialog>
      )}
    </>
  )
}
