import fastifyCookie from '@fastify/cookie'
import type { Config } from '../config'
import { ensureAdmin } from '../domains/accounts'
import type { Deps } from '../shared/deps'
import { createOriginCheck } from '../shared/origin'
import { registerViewer, type ViewerResolver } from '../shared/viewer'
import type { Server } from './server'

/**
 * Who is asking, before any route runs (docs/decisions/003): cookies are parsed before the viewer is
 * read from them (`request.viewer`, with the CSRF check of the session), and cross-site writes are
 * refused before anything else happens. The routes' guards are in `shared/auth.ts`.
 */
export async function registerSecurity(app: Server, config: Config, resolveViewer: ViewerResolver) {
  await app.register(fastifyCookie)
  app.addHook('onRequest', createOriginCheck(config))
  registerViewer(app, resolveViewer)
}

/** ADMIN_EMAIL and ADMIN_PASSWORD: that person is an administrator (created the first time). */
export async function ensureConfiguredAdmin(app: Server, { config, db }: Deps) {
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return
  const outcome = await ensureAdmin(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD })
  if (outcome !== 'unchanged') app.log.info({ email: config.ADMIN_EMAIL, outcome }, 'administrator from ADMIN_EMAIL')
}
