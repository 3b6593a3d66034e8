import type { WidgetCheckout } from '@piel/contracts'
import { WIDGET_AFTER_LOAD_WAIT_MS, WIDGET_LOAD_WAIT_MS } from '@piel/contracts/values'

/** What the widget's callback receives; informative only, the server reads the transaction from Wompi itself. */
export type WidgetResult = {
  transaction?: { id?: string; status?: string; reference?: string; statusMessage?: string } | null
} | null

/** The options of `new WidgetCheckout(...)` (Wompi's "Widget via JavaScript"). */
export type WidgetCheckoutOptions = Omit<WidgetCheckout, 'signature'> & { signature: { integrity: string } }

export type WidgetCheckoutInstance = { open: (callback: (result: WidgetResult) => void) => void }
export type WidgetCheckoutConstructor = new (options: WidgetCheckoutOptions) => WidgetCheckoutInstance

declare global {
  interface Window {
    /** Defined by Wompi's `widget.js` once it has loaded. */
    WidgetCheckout?: WidgetCheckoutConstructor
  }
}

/** The widget options from `Wompi/GenerateSignature`'s answer. */
export const widgetOptions = (checkout: WidgetCheckout): WidgetCheckoutOptions => ({
  currency: checkout.currency,
  amountInCents: checkout.amountInCents,
  reference: checkout.reference,
  publicKey: checkout.publicKey,
  signature: { integrity: checkout.signature },
  redirectUrl: checkout.redirectUrl,
  customerData: checkout.customerData,
  shippingAddress: checkout.shippingAddress,
})

type ScriptLike = {
  src: string
  async: boolean
  dataset: Record<string, string | undefined>
  addEventListener: (type: 'load' | 'error', listener: () => void, options?: { once?: boolean }) => void
  remove: () => void
}

/** The few browser pieces the loader touches, so a test can stand in for them. */
export type LoaderEnvironment = {
  widget: () => WidgetCheckoutConstructor | undefined
  createScript: () => ScriptLike
  appendScript: (script: ScriptLike) => void
  wait: (ms: number) => Promise<void>
  /** Gives up on a script that neither loads nor fails. */
  timeoutMs: number
}

const LOAD_TIMEOUT_MS = 30_000

export class WidgetLoadError extends Error {
  constructor(message = 'El script del widget no cargó') {
    super(message)
    this.name = 'WidgetLoadError'
  }
}

/**
 * Loads Wompi's widget script once (spec 001 §4): a `<script>` is appended, then 100 ms of wait, then its load and
 * 500 ms more. Calls made meanwhile share the same load; a failed load is removed so a later call can try again.
 */
export function createWidgetLoader(environment: LoaderEnvironment) {
  let loading: Promise<WidgetCheckoutConstructor> | null = null

  async function load(src: string): Promise<WidgetCheckoutConstructor> {
    const script = environment.createScript()
    script.async = true
    script.dataset.wompiWidget = 'true'
    const loaded = new Promise<void>((resolve, reject) => {
      script.addEventListener('load', () => resolve(), { once: true })
      script.addEventListener('error', () => reject(new WidgetLoadError()), { once: true })
      void environment
        .wait(environment.timeoutMs)
        .then(() => reject(new WidgetLoadError('El script del widget tardó demasiado')))
    })
    // Handled below, after the first wait; this only keeps an early failure from reading as unhandled.
    loaded.catch(() => undefined)
    script.src = src
    environment.appendScript(script)
    try {
      await environment.wait(WIDGET_LOAD_WAIT_MS)
      await loaded
      await environment.wait(WIDGET_AFTER_LOAD_WAIT_MS)
    } catch (error) {
      script.remove()
      throw error
    }
    const widget = environment.widget()
    if (!widget) {
      script.remove()
      throw new WidgetLoadError('El script del widget no definió WidgetCheckout')
    }
    return widget
  }

  return function loadWidget(src: string): Promise<WidgetCheckoutConstructor> {
    const ready = environment.widget()
    if (ready) return Promise.resolve(ready)
    if (!loading) {
      loading = load(src).catch((error: unknown) => {
        loading = null
        throw error
      })
    }
    return loading
  }
}

/** The page's loader. */
export const loadWidget = createWidgetLoader({
  widget: () => window.WidgetCheckout,
  createScript: () => document.createElement('script'),
  appendScript: (script) => document.head.append(script as HTMLScriptElement),
  wait: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
  timeoutMs: LOAD_TIMEOUT_MS,
})
