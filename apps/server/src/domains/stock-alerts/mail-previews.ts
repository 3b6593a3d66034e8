import { type MailPreview, type MailPreviewContext, PREVIEW_SHOPPER } from '../mail'
import { restockMail } from './mail'

const DAY_MS = 24 * 3_600_000

/**
 * The back-in-stock alert's e-mail (issue 35) for the back office's «Correos», built by the builder that sends it for
 * a product of the demo catalogue. Its withdrawal link carries a token that is plainly an example. Nothing is sent
 * and no alert changes.
 */
export function stockAlertMailPreviews({ storeName, publicUrl, now }: MailPreviewContext): MailPreview[] {
  return [
    {
      key: 'aviso-disponible',
      name: 'Producto disponible de nuevo',
      when: 'Cuando un producto agotado vuelve a estar a la venta con existencia, a cada persona que pidió el aviso.',
      message: restockMail(storeName, publicUrl, {
        alert: {
          email: PREVIEW_SHOPPER.email,
          token: 'token-de-ejemplo',
          createdAt: new Date(now.getTime() - 12 * DAY_MS),
        },
        product: { id: 18, name: 'Sensibio H2O Agua Micelar 250 ml', brand: 'Bioderma' },
        prices: { price: 62_900, discount: 10 },
        person: PREVIEW_SHOPPER,
      }),
    },
  ]
}
