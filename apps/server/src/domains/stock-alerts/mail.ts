import { formatCop, oldPrice, STOCK_ALERT_WITHDRAW_PARAM } from '@piel/contracts'
import type { MailMessage } from '../../shared/deps'
import type { PersonRow } from '../accounts'
import type { ProductForPricing } from '../catalog'
import { renderMail } from '../mail'
import type { StockAlertRow } from './service'

/** Dates in e-mails are in Colombia's time, whatever the server's own time zone. */
const colombianDate = new Intl.DateTimeFormat('es-CO', { dateStyle: 'long', timeZone: 'America/Bogota' })

const siteLink = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`

/** The product page; with the alert's token, the page that withdraws it. */
export const productLink = (publicUrl: string, productId: number) => siteLink(publicUrl, `/detailProducts/${productId}`)
export const withdrawalLink = (publicUrl: string, productId: number, token: string) =>
  `${productLink(publicUrl, productId)}?${new URLSearchParams({ [STOCK_ALERT_WITHDRAW_PARAM]: token })}`

/**
 * "{Producto} ya está disponible en {tienda}" (issue 35): the one e-mail of an alert, when its product is for sale with
 * stock again. The product's name, brand and price in the tier of whoever asked (a corporate client's own price), the
 * link to its page, and why the e-mail came, with the link that forgets the address. Everything the shop's staff
 * typed (the product's name and brand) is escaped by the layout (`renderMail`).
 */
export function restockMail(
  storeName: string,
  publicUrl: string,
  {
    alert,
    product,
    prices,
    person,
  }: {
    alert: Pick<StockAlertRow, 'email' | 'token' | 'createdAt'>
    product: Pick<ProductForPricing, 'id' | 'name' | 'brand'>
    prices: { price: number; discount: number }
    person: Pick<PersonRow, 'firstNames'> | undefined
  },
): MailMessage {
  const title = `${product.name} ya está disponible en ${storeName}`
  const { price, discount } = prices
  const { text, html } = renderMail(storeName, {
    title,
    blocks: [
      person ? `Hola, ${person.firstNames}:` : 'Hola:',
      `Nos pediste que te avisáramos cuando ${product.name} volviera a estar disponible. ¡Ya llegó!`,
      {
        lines: [
          product.name,
          `Marca: ${product.brand}`,
          `Precio: ${formatCop(price)} (IVA incluido)`,
          ...(discount > 0 ? [`Antes: ${formatCop(oldPrice(price, discount))}. Ahorras el ${discount} %.`] : []),
        ],
      },
      `Míralo y cómpralo aquí: ${productLink(publicUrl, product.id)}`,
      'Las unidades son limitadas y no podemos apartarlas sin una orden.',
      `Te escribimos porque pediste este aviso el ${colombianDate.format(alert.createdAt)} para ${alert.email}. Es el único correo que te enviaremos por él.`,
      `Si no lo pediste, o quieres que borremos tu correo de este aviso, entra aquí: ${withdrawalLink(publicUrl, product.id, alert.token)}`,
    ],
  })
  return { to: alert.email, subject: title, text, html }
}
