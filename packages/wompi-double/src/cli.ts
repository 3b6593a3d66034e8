/**
 * `npm run wompi`: the double standalone. Environment: WOMPI_DOUBLE_PORT (3100), HOST (127.0.0.1),
 * WOMPI_DOUBLE_EVENTS_URL, WOMPI_DOUBLE_PUBLIC_URL, WOMPI_DOUBLE_SHOP_URL (http://localhost:3000: the
 * only other site whose pages may use it), WOMPI_PUBLIC_KEY, WOMPI_PRIVATE_KEY, WOMPI_INTEGRITY_SECRET,
 * WOMPI_EVENTS_SECRET (generated when unset; production keys are refused). `--control` opens the
 * `/__control` endpoints for tests (loopback HOST only); without it they do not exist.
 */
import { createWompiDouble } from './index'
import type { WompiDouble } from './types'

function print(line: string) {
  process.stdout.write(`${line}\n`)
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

function optional(name: string): string | undefined {
  const value = process.env[name]?.trim()
  return value === undefined || value === '' ? undefined : value
}

const portText = optional('WOMPI_DOUBLE_PORT') ?? '3100'
const port = Number(portText)
if (!/^\d+$/.test(portText) || port > 65_535) fail(`WOMPI_DOUBLE_PORT no es un puerto válido: ${portText}`)
const host = optional('HOST') ?? '127.0.0.1'
const control = process.argv.slice(2).includes('--control')
const unknown = process.argv.slice(2).filter((arg) => arg !== '--control')
if (unknown.length > 0) fail(`Opción desconocida: ${unknown.join(' ')} (la única es --control)`)
const shopUrl = optional('WOMPI_DOUBLE_SHOP_URL') ?? 'http://localhost:3000'

let double: WompiDouble
try {
  double = createWompiDouble({
    publicKey: optional('WOMPI_PUBLIC_KEY'),
    privateKey: optional('WOMPI_PRIVATE_KEY'),
    integritySecret: optional('WOMPI_INTEGRITY_SECRET'),
    eventsSecret: optional('WOMPI_EVENTS_SECRET'),
    eventsUrl: optional('WOMPI_DOUBLE_EVENTS_URL') ?? null,
    publicBaseUrl: optional('WOMPI_DOUBLE_PUBLIC_URL'),
    shopOrigins: [shopUrl],
    control,
  })
} catch (error) {
  fail(error instanceof Error ? error.message : String(error))
}

try {
  const url = await double.listen(port, host)
  print(`Wompi · Modo de pruebas (doble local) escuchando en ${url}`)
  print(`API: ${url}/v1   Widget: ${url}/widget.js   Checkout: ${url}/p/`)
  print(`Eventos: ${optional('WOMPI_DOUBLE_EVENTS_URL') ?? '(sin URL de eventos)'}`)
  print(`Tienda: ${new URL(shopUrl).origin}   Controles de pruebas (__control): ${control ? 'abiertos' : 'cerrados'}`)
  print(`WOMPI_PUBLIC_KEY=${double.keys.publicKey}`)
  print(`WOMPI_PRIVATE_KEY=${double.keys.privateKey}`)
  print(`WOMPI_INTEGRITY_SECRET=${double.keys.integritySecret}`)
  print(`WOMPI_EVENTS_SECRET=${double.keys.eventsSecret}`)
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code
  fail(
    code === 'EADDRINUSE'
      ? `El puerto ${port} ya está en uso (cambia WOMPI_DOUBLE_PORT)`
      : `No se pudo iniciar el doble de Wompi: ${error instanceof Error ? error.message : String(error)}`,
  )
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void double.close().then(() => process.exit(0))
  })
}
