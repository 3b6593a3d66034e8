import { createWompiDouble, type WompiDouble } from '@piel/wompi-double'
import type { Config } from '../../config'
import { createWompiClient, type WompiClient } from './wompi-client'

/** Where Piel's own origin serves the Wompi test double to browsers (widget, checkout, bank page). */
export const WOMPI_DOUBLE_PATH = '/wompi-pruebas'

/**
 * The Wompi the shop talks to: the real one (sandbox or production, by the keys' prefix), or the
 * test double (`@piel/wompi-double`) started in this process when no keys are set, so that a
 * purchase completes offline (docs/decisions/009). Either way the shop speaks Wompi's HTTP API.
 */
export interface WompiGateway {
  /** Test keys or the double: every payment screen says "Modo de pruebas". */
  testMode: boolean
  keys: { publicKey: string; privateKey: string; integritySecret: string; eventsSecret: string }
  /** Server-to-server base, ending in /v1. */
  apiUrl: string
  /** The API base browsers tokenise cards at (relative for the double, served on the shop's origin). */
  browserApiUrl: string
  widgetUrl: string
  client: WompiClient
  /** The double, when it is the gateway: mounted at WOMPI_DOUBLE_PATH, told where to send events. */
  double: WompiDouble | null
  close(): Promise<void>
}

export const isProductionKey = (publicKey: string) => publicKey.startsWith('pub_prod_')

function gatewayOf(
  keys: WompiGateway['keys'],
  urls: { apiUrl: string; browserApiUrl: string; widgetUrl: string },
  double: WompiDouble | null,
): WompiGateway {
  return {
    testMode: double !== null || !isProductionKey(keys.publicKey),
    keys,
    ...urls,
    client: createWompiClient({ apiUrl: urls.apiUrl, publicKey: keys.publicKey, privateKey: keys.privateKey }),
    double,
    close: async () => {
      await double?.close()
    },
  }
}

/** The shop's origins, as its own origin check takes them: `PUBLIC_URL`, and `ALLOWED_HOSTS` under its scheme. */
function shopOrigins(config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_HOSTS'>): string[] {
  const { protocol } = new URL(config.PUBLIC_URL)
  const origins = [config.PUBLIC_URL]
  for (const host of config.ALLOWED_HOSTS) {
    if (URL.canParse(`${protocol}//${host}`)) origins.push(`${protocol}//${host}`)
  }
  return origins
}

/** The configured Wompi, or a test double listening on this machine's loopback when no keys are set. */
export async function startWompiGateway(
  config: Config,
  doubleOptions: Parameters<typeof createWompiDouble>[0] = {},
): Promise<WompiGateway> {
  const { WOMPI_PUBLIC_KEY, WOMPI_PRIVATE_KEY, WOMPI_INTEGRITY_SECRET, WOMPI_EVENTS_SECRET } = config
  if (WOMPI_PUBLIC_KEY && WOMPI_PRIVATE_KEY && WOMPI_INTEGRITY_SECRET && WOMPI_EVENTS_SECRET) {
    const apiUrl =
      config.WOMPI_API_URL ??
      (isProductionKey(WOMPI_PUBLIC_KEY) ? 'https://production.wompi.co/v1' : 'https://sandbox.wompi.co/v1')
    return gatewayOf(
      {
        publicKey: WOMPI_PUBLIC_KEY,
        privateKey: WOMPI_PRIVATE_KEY,
        integritySecret: WOMPI_INTEGRITY_SECRET,
        eventsSecret: WOMPI_EVENTS_SECRET,
      },
      { apiUrl, browserApiUrl: apiUrl, widgetUrl: config.WOMPI_CHECKOUT_URL },
      null,
    )
  }
  // Only the shop's pages may use it from a browser; its test controls stay closed (shop, not test).
  const double = createWompiDouble({
    publicBaseUrl: `${config.PUBLIC_URL.replace(/\/+$/, '')}${WOMPI_DOUBLE_PATH}`,
    shopOrigins: shopOrigins(config),
    ...doubleOptions,
  })
  const url = await double.listen(0, '127.0.0.1')
  return gatewayOf(
    double.keys,
    {
      apiUrl: `${url}/v1`,
      browserApiUrl: `${WOMPI_DOUBLE_PATH}/v1`,
      widgetUrl: `${WOMPI_DOUBLE_PATH}/widget.js`,
    },
    double,
  )
}
