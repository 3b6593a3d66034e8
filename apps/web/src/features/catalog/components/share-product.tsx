import type { CurrentStore, ProductDetail } from '@piel/contracts'
import type { MouseEvent } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { ShareIcon } from '@/components/ui/page-icons'
import { paths } from '@/lib/paths'

type ShareProductProps = {
  product: Pick<ProductDetail, 'id' | 'descripcion' | 'valorMoneda'>
  /** The shop (its public address makes the link); until it answers, the message goes without a link. */
  store: Pick<CurrentStore, 'urlPublica' | 'nombre'> | undefined
}

/**
 * "Compartir" (issue 16): the phone's share sheet where the browser has one (Web Share API), a WhatsApp
 * message with the product's link otherwise — how most shoppers here pass a product on. It is a link to
 * WhatsApp in the HTML, so it works before the page's script has loaded too.
 */
export function ShareProduct({ product, store }: ShareProductProps) {
  const url = store ? new URL(paths.productDetail(product.id), store.urlPublica).toString() : undefined
  const text = `${product.descripcion}, ${product.valorMoneda}${store ? ` en ${store.nombre}` : ''}`
  const whatsapp = `https://wa.me/?${new URLSearchParams({ text: url ? `${text}\n${url}` : text })}`

  const share = (event: MouseEvent<HTMLAnchorElement>) => {
    if (typeof navigator.share !== 'function') return
    event.preventDefault()
    // Closing the share sheet rejects the promise: nothing to tell the shopper.
    navigator.share({ title: product.descripcion, text, url }).catch(() => undefined)
  }

  return (
    <a href={whatsapp} target="_blank" rel="noopener" onClick={share} className={`${buttonStyles.ghost} -ml-3`}>
      <ShareIcon className="size-4.5" />
      Compartir
      <span className="sr-only"> este producto</span>
    </a>
  )
}
