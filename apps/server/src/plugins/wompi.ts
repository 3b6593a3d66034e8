import type { Config } from '../config'
import { startWompiGateway, WOMPI_DOUBLE_PATH, type WompiGateway } from '../domains/payments'
import { API_PREFIX } from './domains'
import type { Server } from './server'

/**
 * The Wompi the shop pays through (docs/decisions/009): the one given (tests), the one of the
 * configuration, or, with no keys, a Wompi test double started for this app and closed with it.
 * The double's pages are served to browsers under /wompi-pruebas, ahead of every other hook (they
 * are its own pages, not the shop's), and it tells this server about payments the way Wompi would:
 * events to the public endpoint.
 */
export async function mountWompi(
  app: Server,
  { config, tls, given }: { config: Config; tls: boolean; given: WompiGateway | undefined },
): Promise<WompiGateway> {
  const gateway = given ?? (await startWompiGateway(config, { insecureEventsTls: tls }))
  if (!given) app.addHook('onClose', () => gateway.close())
  const { double } = gateway
  if (!double) return gateway
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0] ?? ''
    if (path !== WOMPI_DOUBLE_PATH && !path.startsWith(`${WOMPI_DOUBLE_PATH}/`)) return done()
    reply.hijack()
    double.handle(request.raw, reply.raw, request.url.slice(WOMPI_DOUBLE_PATH.length) || '/')
  })
  if (!given) {
    app.addHook('onListen', async () => {
      const address = app.server.address()
      if (address === null || typeof address === 'string') return
      const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address
      const hostPart = host.includes(':') ? `[${host}]` : host
      double.setEventsUrl(`${tls ? 'https' : 'http'}://${hostPart}:${address.port}${API_PREFIX}/Wompi/Eventos`)
    })
  }
  return gateway
}
