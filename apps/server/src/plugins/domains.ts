import type { GoogleClientOptions } from '../domains/accounts'
import { accountsAdminRoutes, accountsRoutes, createApiTokenHook, googleSignInRoutes } from '../domains/accounts'
import { addressRoutes, documentTypeRoutes } from '../domains/addresses'
import { assistantChatRoutes, assistantRoutes, createAssistantPhraser } from '../domains/assistant'
import { type BackupService, backupAdminRoutes } from '../domains/backups'
import { catalogRoutes, crawlerRoutes, mediaRoutes } from '../domains/catalog'
import { catalogAdminRoutes } from '../domains/catalog/admin'
import { contactAdminRoutes, contactRoutes } from '../domains/contact'
import { discountAdminRoutes } from '../domains/discounts'
import { type ErrorForwarder, errorReportAdminRoutes, errorReportRoutes } from '../domains/error-reports'
import { favoriteRoutes } from '../domains/favorites'
import {
  codeFigures,
  orderAdminRoutes,
  orderReviewRoutes,
  orderRoutes,
  orderStockMovements,
  withdrawalAdminRoutes,
  withdrawalRoutes,
} from '../domains/orders'
import { paymentAdminRoutes, paymentRoutes, paymentVoider, type WompiGateway } from '../domains/payments'
import { shippingAdminRoutes, shippingRoutes } from '../domains/shipping'
import { stockAlertAdminRoutes, stockAlertRoutes } from '../domains/stock-alerts'
import { modelRoutes, type PhotoAnalysis, uploadRoutes } from '../domains/uploads'
import { weatherRoutes } from '../domains/weather'
import { mailPreviewAdminRoutes } from './mail-previews'
import { emailsOf, messagePeople } from './people'
import type { PhotoServices } from './photos'
import type { Server, ShopDeps } from './server'

/** The base path of the specification's calls (matched without regard to case). */
export const API_PREFIX = '/swagger/api'

export interface DomainOptions {
  gateway: WompiGateway
  photos: PhotoServices
  google: GoogleClientOptions | undefined
  /** Where photos are analysed (the worker pool, the Redis queue, or a test's engine on this thread). */
  photoAnalysis: PhotoAnalysis | undefined
  paymentWaitMs: number | undefined
  /** Sentry or GlitchTip, when `SENTRY_DSN` is set: the browsers' reports are relayed there too. */
  errorForwarder: ErrorForwarder | undefined
  /** The database's and photos' backups (the back office's "Respaldos"). */
  backups: BackupService
}

/**
 * Every domain's routes, in an explicit order: the specification's calls under /swagger/api
 * (a bearer token, optional, must be valid there), then the image and chat calls at the root.
 */
export async function registerDomains(app: Server, deps: ShopDeps, options: DomainOptions) {
  const { gateway, photos, google, photoAnalysis, paymentWaitMs, backups } = options
  const assistant = { ...deps, mayUseCode: photos.mayUseCode, phrase: createAssistantPhraser(deps.config, app.log) }
  await app.register(
    async (api) => {
      api.addHook('onRequest', createApiTokenHook(deps.tokenSecret))
      await api.register(accountsRoutes, deps)
      await api.register(accountsAdminRoutes, { ...deps, prefix: '/admin' })
      await api.register(googleSignInRoutes, { ...deps, google })
      await api.register(catalogRoutes, deps)
      // The back office names who did what: the accounts domain knows the people (plugins/people.ts); a product's
      // movements show the units its orders took and gave back, which the orders domain knows.
      await api.register(catalogAdminRoutes, {
        ...deps,
        prefix: '/admin',
        emailsOf: emailsOf(deps.db),
        orderMovementsOf: (productId, limit) => orderStockMovements(deps.db, productId, limit),
      })
      await api.register(documentTypeRoutes, deps)
      await api.register(shippingRoutes, deps)
      await api.register(shippingAdminRoutes, { ...deps, prefix: '/admin' })
      await api.register(addressRoutes, deps)
      await api.register(favoriteRoutes, deps)
      // "Avísame cuando llegue" on sold-out products (issue 35), and each product's alerts in the back office.
      await api.register(stockAlertRoutes, deps)
      await api.register(stockAlertAdminRoutes, { ...deps, prefix: '/admin' })
      await api.register(contactRoutes, deps)
      await api.register(contactAdminRoutes, { ...deps, prefix: '/admin', people: messagePeople })
      await api.register(assistantRoutes, assistant)
      await api.register(weatherRoutes, deps)
      await api.register(orderRoutes, deps)
      await api.register(orderAdminRoutes, { ...deps, prefix: '/admin' })
      // Reviews from buyers (issue 35): the buyer of a delivered order rates its products; the catalogue keeps them.
      await api.register(orderReviewRoutes, deps)
      await api.register(discountAdminRoutes, { ...deps, prefix: '/admin', figuresOf: () => codeFigures(deps.db) })
      // Withdrawals (issue 17): a card payment's refund is a Wompi void, which the payments domain makes.
      await api.register(withdrawalRoutes, deps)
      await api.register(withdrawalAdminRoutes, { ...deps, prefix: '/admin', voider: paymentVoider(gateway) })
      await api.register(paymentRoutes, { ...deps, gateway, paymentWaitMs })
      await api.register(paymentAdminRoutes, { ...deps, prefix: '/admin' })
      await api.register(errorReportAdminRoutes, { ...deps, prefix: '/admin' })
      await api.register(backupAdminRoutes, { db: deps.db, backups, prefix: '/admin' })
      // The shop's e-mails previewed with sample data (issue 35): each domain builds its own; nothing is sent.
      await api.register(mailPreviewAdminRoutes, { ...deps, prefix: '/admin' })
    },
    { prefix: API_PREFIX },
  )
  await app.register(errorReportRoutes, { ...deps, forwarder: options.errorForwarder })
  await app.register(mediaRoutes, deps)
  await app.register(crawlerRoutes, deps)
  const { storage: photoStorage, realtime, mayUseCode, uploadLinks, emailOf } = photos
  await app.register(uploadRoutes, {
    ...deps,
    photoStorage,
    realtime,
    photoAnalysis,
    mayUseCode,
    uploadLinks,
    emailOf,
  })
  await app.register(modelRoutes)
  await app.register(assistantChatRoutes, assistant)
}
