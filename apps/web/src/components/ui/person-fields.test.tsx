import { zodResolver } from '@hookform/resolvers/zod'
import { z } from '@piel/contracts/zod'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, test, vi } from 'vitest'
import { DocumentFields, PhoneField } from './person-fields'

const TYPES = [
  { valor: 'CC', descripcion: 'Cédula de ciudadanía' },
  { valor: 'CE', descripcion: 'Cédula de extranjería' },
] as const

/** A form of the test's own: its names and its messages, nested under `pagador` to show any path works. */
const schema = z.object({
  pagador: z.object({
    tipo: z.string().min(1, 'Elige el tipo'),
    numero: z.string().regex(/^\d{6,10}$/, 'Solo dígitos'),
    celular: z.string().regex(/^3\d{9}$/, 'Celular no válido'),
  }),
})
type Values = z.infer<typeof schema>

function PayerForm({ onSubmit, withEmptyOption }: { onSubmit: (values: Values) => void; withEmptyOption: boolean }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { pagador: { tipo: withEmptyOption ? '' : 'CC', numero: '', celular: '' } },
  })
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <DocumentFields
        register={register}
        errors={errors}
        names={{ type: 'pagador.tipo', number: 'pagador.numero' }}
        types={TYPES}
        typeLabel="Tipo de identificación"
        emptyOption={withEmptyOption ? 'Selecciona…' : undefined}
        numberInputMode={withEmptyOption ? 'numeric' : undefined}
        numberRequiredMark={!withEmptyOption}
      />
      <PhoneField register={register} errors={errors} name="pagador.celular" />
      <button type="submit">Guardar</button>
    </form>
  )
}

/** The Nequi panel's use: its own label, a digits keyboard and a hint; read-only here. */
function NequiPhone() {
  const {
    register,
    formState: { errors },
  } = useForm<{ phone: string }>({ defaultValues: { phone: '3105551234' } })
  return (
    <PhoneField
      register={register}
      errors={errors}
      name="phone"
      label="Celular registrado en Nequi"
      inputMode="numeric"
      hint="Número colombiano (+57) de 10 dígitos."
      readOnly
    />
  )
}

describe('the document fields', () => {
  test("show the kinds offered under the form's label, and the form's own messages under each field", async () => {
    const onSubmit = vi.fn()
    render(<PayerForm onSubmit={onSubmit} withEmptyOption />)
    const type = screen.getByRole('combobox', { name: 'Tipo de identificación' })
    expect(type).toHaveValue('')
    expect([...type.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Selecciona…',
      'Cédula de ciudadanía',
      'Cédula de extranjería',
    ])
    const number = screen.getByRole('textbox', { name: 'Número de documento' })
    expect(number).toHaveAttribute('inputmode', 'numeric')
    expect(number).toHaveAttribute('autocomplete', 'off')

    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(type).toHaveAttribute('aria-invalid', 'true')
    expect(type).toHaveAccessibleDescription('Elige el tipo')
    expect(number).toHaveAccessibleDescription('Solo dígitos')
    expect(onSubmit).not.toHaveBeenCalled()

    await userEvent.selectOptions(type, 'CC')
    await userEvent.type(number, '1085123456')
    await userEvent.type(screen.getByRole('textbox', { name: 'Teléfono celular' }), '3105551234')
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(onSubmit).toHaveBeenCalledOnce()
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      pagador: { tipo: 'CC', numero: '1085123456', celular: '3105551234' },
    })
  })

  test('without an empty choice only the kinds are offered; the number can be marked as required', () => {
    render(<PayerForm onSubmit={() => undefined} withEmptyOption={false} />)
    const type = screen.getByRole('combobox', { name: 'Tipo de identificación' })
    expect([...type.querySelectorAll('option')].map((option) => option.value)).toEqual(['CC', 'CE'])
    const number = screen.getByRole('textbox', { name: /^Número de documento/ })
    expect(number).not.toHaveAttribute('inputmode')
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true')
  })
})

describe('the phone field', () => {
  test('asks for a phone number the way phones offer it, with an example', async () => {
    render(<PayerForm onSubmit={() => undefined} withEmptyOption />)
    const phone = screen.getByRole('textbox', { name: 'Teléfono celular' })
    expect(phone).toHaveAttribute('type', 'tel')
    expect(phone).toHaveAttribute('inputmode', 'tel')
    expect(phone).toHaveAttribute('autocomplete', 'tel-national')
    expect(phone).toHaveAttribute('placeholder', '300 123 4567')

    await userEvent.type(phone, '12345')
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(phone).toHaveAttribute('aria-invalid', 'true')
    expect(phone).toHaveAccessibleDescription('Celular no válido')
  })

  test("takes the form's label, keyboard, hint and read-only state", () => {
    render(<NequiPhone />)
    const phone = screen.getByRole('textbox', { name: 'Celular registrado en Nequi' })
    expect(phone).toHaveValue('3105551234')
    expect(phone).toHaveAttribute('inputmode', 'numeric')
    expect(phone).toHaveAttribute('readonly')
    expect(phone).toHaveAccessibleDescription('Número colombiano (+57) de 10 dígitos.')
  })
})
