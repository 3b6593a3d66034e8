import { PAYMENT_MESSAGES } from '@piel/contracts/values'
import { useQuery } from '@tanstack/react-query'
import { InfoIcon } from '@/components/ui/page-icons'
import { paymentsQueries } from '../api'

/** Wompi's sandbox data (its "Datos de prueba en Sandbox"), shown only while the shop takes test payments. */
const TEST_DATA = [
  {
    method: 'Tarjeta',
    mono: true,
    values: [
      { value: '4242 4242 4242 4242', result: 'aprobada' },
      { value: '4111 1111 1111 1111', result: 'rechazada' },
    ],
    note: 'Cualquier fecha futura y cualquier CVV de 3 dígitos.',
  },
  {
    method: 'Nequi',
    mono: true,
    values: [
      { value: '3991111111', result: 'aprueba' },
      { value: '3992222222', result: 'rechaza' },
    ],
  },
  {
    method: 'PSE',
    mono: false,
    values: [
      { value: 'Banco que aprueba', result: null },
      { value: 'Banco que declina', result: null },
    ],
  },
] as const

/** "Modo de pruebas": no real money moves, and the data that approves or declines each method. */
export function TestModeNotice({ className = '' }: { className?: string }) {
  return (
    <aside
      aria-labelledby="payments-test-mode"
      className={`rounded-2xl bg-amber-50 px-4 py-3.5 text-sm text-amber-950 ring-1 ring-amber-200 ${className}`}
    >
      <p id="payments-test-mode" className="flex items-center gap-2 font-semibold">
        <InfoIcon className="size-5 shrink-0 text-amber-700" />
        {PAYMENT_MESSAGES.testMode}
      </p>
      <p className="mt-1 text-amber-900">No se cobra dinero real. Usa estos datos de prueba:</p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        {TEST_DATA.map((entry) => (
          <div key={entry.method} className={entry.method === 'Tarjeta' ? 'sm:col-span-2' : undefined}>
            <dt className="font-semibold">{entry.method}</dt>
            <dd className="flex flex-col gap-x-6 sm:flex-row sm:flex-wrap">
              {entry.values.map((item) => (
                <span key={item.value} className="mt-0.5">
                  <span
                    className={entry.mono ? 'font-mono text-[0.8125rem] whitespace-nowrap tabular-nums' : 'font-medium'}
                  >
                    {item.value}
                  </span>
                  {item.result && <span className="text-amber-900"> {item.result}</span>}
                </span>
              ))}
            </dd>
            {'note' in entry && <dd className="mt-1 text-xs text-amber-900">{entry.note}</dd>}
          </div>
        ))}
      </dl>
    </aside>
  )
}

/** One line for the pages after the payment: shown only while the shop takes test payments. */
export function TestModeBanner({ className = '' }: { className?: string }) {
  const settings = useQuery(paymentsQueries.settings())
  if (!settings.data?.modoPruebas) return null
  return (
    <p
      className={`flex items-center justify-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200 ${className}`}
    >
      <InfoIcon className="size-4.5 shrink-0 text-amber-700" />
      <span>
        <span className="font-semibold">{PAYMENT_MESSAGES.testMode}:</span> no se cobra dinero real.
      </span>
    </p>
  )
}
