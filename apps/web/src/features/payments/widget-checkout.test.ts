import { WIDGET_AFTER_LOAD_WAIT_MS, WIDGET_LOAD_WAIT_MS } from '@piel/contracts'
import { describe, expect, test } from 'vitest'
import {
  createWidgetLoader,
  type LoaderEnvironment,
  type WidgetCheckoutConstructor,
  WidgetLoadError,
  widgetOptions,
} from './widget-checkout'

/** A page with no real DOM: scripts are recorded, and the test decides when each loads or fails. */
function fakePage() {
  const scripts: {
    src: string
    async: boolean
    dataset: Record<string, string | undefined>
    removed: boolean
    fire: (type: 'load' | 'error') => void
  }[] = []
  const appended: unknown[] = []
  const waits: number[] = []
  let widget: WidgetCheckoutConstructor | undefined
  const environment: LoaderEnvironment = {
    widget: () => widget,
    createScript: () => {
      const listeners: Record<string, (() => void)[]> = { load: [], error: [] }
      const script = {
        src: '',
        async: false,
        dataset: {} as Record<string, string | undefined>,
        removed: false,
        addEventListener: (type: 'load' | 'error', listener: () => void) => void listeners[type]?.push(listener),
        remove: () => {
          script.removed = true
        },
        fire: (type: 'load' | 'error') => {
          for (const listener of listeners[type] ?? []) listener()
        },
      }
      scripts.push(script)
      return script
    },
    appendScript: (script) => void appended.push(script),
    wait: (ms) => {
      waits.push(ms)
      // The load timeout never runs out in these tests.
      return ms >= 10_000 ? new Promise(() => undefined) : Promise.resolve()
    },
    timeoutMs: 30_000,
  }
  const defineWidget = () => {
    widget = class {
      open() {}
    } as unknown as WidgetCheckoutConstructor
    return widget
  }
  return { environment, scripts, appended, waits, defineWidget }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createWidgetLoader', () => {
  test('appends the script once for calls made together; 100 ms, the load, then 500 ms', async () => {
    const page = fakePage()
    const load = createWidgetLoader(page.environment)
    const first = load('/wompi-pruebas/widget.js')
    const second = load('/wompi-pruebas/widget.js')
    await tick()
    expect(page.appended).toHaveLength(1)
    expect(page.appended[0]).toBe(page.scripts[0])
    expect(page.scripts[0]).toMatchObject({ src: '/wompi-pruebas/widget.js', async: true })
    const widget = page.defineWidget()
    page.scripts[0]?.fire('load')
    expect(await first).toBe(widget)
    expect(await second).toBe(widget)
    expect(page.waits.filter((ms) => ms < 10_000)).toEqual([WIDGET_LOAD_WAIT_MS, WIDGET_AFTER_LOAD_WAIT_MS])
    expect([WIDGET_LOAD_WAIT_MS, WIDGET_AFTER_LOAD_WAIT_MS]).toEqual([100, 500])
  })

  test('once loaded, no other script is added', async () => {
    const page = fakePage()
    page.defineWidget()
    const load = createWidgetLoader(page.environment)
    await load('https://checkout.wompi.co/widget.js')
    expect(page.appended).toHaveLength(0)
  })

  test('a failed load rejects, removes its script, and the next call tries again', async () => {
    const page = fakePage()
    const load = createWidgetLoader(page.environment)
    const first = load('/wompi-pruebas/widget.js')
    await tick()
    page.scripts[0]?.fire('error')
    await expect(first).rejects.toBeInstanceOf(WidgetLoadError)
    expect(page.scripts[0]?.removed).toBe(true)

    const second = load('/wompi-pruebas/widget.js')
    await tick()
    expect(page.appended).toHaveLength(2)
    page.defineWidget()
    page.scripts[1]?.fire('load')
    await expect(second).resolves.toBeTypeOf('function')
  })

  test('a script that loads without defining WidgetCheckout is a failure', async () => {
    const page = fakePage()
    const load = createWidgetLoader(page.environment)
    const attempt = load('/otro.js')
    await tick()
    page.scripts[0]?.fire('load')
    await expect(attempt).rejects.toThrow('WidgetCheckout')
    expect(page.scripts[0]?.removed).toBe(true)
  })
})

describe('widgetOptions', () => {
  test("GenerateSignature's answer → the widget's options, the signature as { integrity }", () => {
    const customerData = {
      email: 'ana@example.com',
      fullName: 'Ana Gómez',
      phoneNumber: '3001234567',
      phoneNumberPrefix: '+57',
      legalId: '1085123456',
      legalIdType: 'CC',
    }
    const shippingAddress = {
      addressLine1: 'Carrera 27 # 16-35',
      city: 'Pasto',
      phoneNumber: '3001234567',
      region: 'Nariño',
      country: 'CO',
    }
    expect(
      widgetOptions({
        signature: 'a'.repeat(64),
        reference: 'ORDER_42_1700000000000',
        amountInCents: 12_000_000,
        currency: 'COP',
        publicKey: 'pub_test_x',
        redirectUrl: 'http://localhost:3000/payment-success?orderId=42',
        customerData,
        shippingAddress,
      }),
    ).toEqual({
      currency: 'COP',
      amountInCents: 12_000_000,
      reference: 'ORDER_42_1700000000000',
      publicKey: 'pub_test_x',
      signature: { integrity: 'a'.repeat(64) },
      redirectUrl: 'http://localhost:3000/payment-success?orderId=42',
      customerData,
      shippingAddress,
    })
  })
})
