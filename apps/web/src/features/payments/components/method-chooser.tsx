import type { ReactNode } from 'react'
import { BankIcon, CardIcon, CashIcon, CheckIcon, LockIcon, SmartphoneIcon } from '@/components/ui/page-icons'
import type { PaymentMethod } from '../outcomes'

type MethodOption = { value: PaymentMethod; title: string; text: string; icon: ReactNode; badge?: string }

export const METHOD_OPTIONS: readonly MethodOption[] = [
  {
    value: 'widget',
    title: 'Pagar con Wompi',
    text: 'Tarjeta, PSE, Nequi y más en la ventana segura de Wompi.',
    icon: <LockIcon className="size-5" />,
    badge: 'Recomendado',
  },
  {
    value: 'card',
    title: 'Tarjeta de crédito',
    text: 'Visa, Mastercard, American Express y Diners.',
    icon: <CardIcon className="size-5" />,
  },
  { value: 'pse', title: 'PSE', text: 'Débito desde tu cuenta bancaria.', icon: <BankIcon className="size-5" /> },
  { value: 'nequi', title: 'Nequi', text: 'Acepta el pago en tu app.', icon: <SmartphoneIcon className="size-5" /> },
  {
    value: 'cash',
    title: 'Efectivo',
    text: 'En un Corresponsal Bancario Bancolombia.',
    icon: <CashIcon className="size-5" />,
  },
]

type MethodChooserProps = {
  value: PaymentMethod
  onChange: (method: PaymentMethod) => void
  /** The panel the chosen method controls. */
  panelId: string
  className?: string
}

/** Every payment method at once, as radio cards: one column on a phone, two from `sm` up (Wompi across both). */
export function MethodChooser({ value, onChange, panelId, className = '' }: MethodChooserProps) {
  return (
    <fieldset className={className}>
      <legend className="mb-3 text-sm font-medium text-ink-900">Medio de pago</legend>
      <div className="grid gap-2.5 sm:grid-cols-2">
        {METHOD_OPTIONS.map((option) => {
          const checked = option.value === value
          return (
            <label
              key={option.value}
              className={`relative flex cursor-pointer items-center gap-3 rounded-2xl border bg-white px-4 py-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                option.value === 'widget' ? 'sm:col-span-2' : ''
              } ${checked ? 'border-brand-600 ring-1 ring-brand-600' : 'border-sand-200 hover:border-sand-300'}`}
            >
              <input
                type="radio"
                name="medio-de-pago"
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                aria-controls={panelId}
                className="sr-only"
              />
              <span
                aria-hidden="true"
                className={`flex size-10 shrink-0 items-center justify-center rounded-full ${
                  checked ? 'bg-brand-700 text-white' : 'bg-brand-50 text-brand-700'
                }`}
              >
                {option.icon}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                  <span className="font-semibold text-ink-900">{option.title}</span>
                  {option.badge && (
                    <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
                      {option.badge}
                    </span>
                  )}
                </span>
                <span className="mt-0.5 block text-sm text-ink-600">{option.text}</span>
              </span>
              <span
                aria-hidden="true"
                className={`flex size-5 shrink-0 items-center justify-center rounded-full border-2 ${
                  checked ? 'border-brand-700 bg-brand-700 text-white' : 'border-sand-300 bg-white'
                }`}
              >
                {checked && <CheckIcon className="size-3" strokeWidth={3} />}
              </span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
