import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'
import { address } from '@/testing/fixtures'
import { AddressCard } from './address-card'

const main = { ...address(7, 'Calle 18 # 25-40', 'Si'), referencia: 'Torre 2, apartamento 301' }
const other = { ...address(8, 'Carrera 27 # 16-35'), barrio: null }

describe('an address card', () => {
  test('a saved address is an article named by its street, with its lines, the main badge and its actions', () => {
    render(<AddressCard address={main} actions={<button type="button">Eliminar</button>} />)
    const card = screen.getByRole('article', { name: 'Calle 18 # 25-40' })
    expect(within(card).getByRole('heading', { level: 3, name: 'Calle 18 # 25-40' })).toBeVisible()
    expect(within(card).getByText('Principal')).toBeVisible()
    expect(within(card).getByText('Torre 2, apartamento 301')).toBeVisible()
    expect(within(card).getByText('Centro, Pasto, Nariño')).toBeVisible()
    expect(card).toHaveTextContent('Recibe: Lucía Benavides Ortiz')
    expect(card).toHaveTextContent('Teléfono: 3105551234')
    expect(within(card).getByRole('button', { name: 'Eliminar' })).toBeVisible()
  })

  test('an address that is not the main one has no badge, and a missing neighbourhood is left out of the place', () => {
    render(<AddressCard address={other} />)
    const card = screen.getByRole('article', { name: 'Carrera 27 # 16-35' })
    expect(within(card).queryByText('Principal')).toBeNull()
    expect(within(card).getByText('Pasto, Nariño')).toBeVisible()
  })

  test('an option is a radio named by the whole address; choosing it calls onSelect', async () => {
    const onSelect = vi.fn()
    const { rerender } = render(
      <AddressCard variant="option" address={main} name="direccion" value={7} checked={false} onSelect={onSelect} />,
    )
    const radio = screen.getByRole('radio', { name: /Calle 18 # 25-40/ })
    expect(radio).not.toBeChecked()
    expect(radio).toHaveAttribute('name', 'direccion')
    expect(radio).toHaveAttribute('value', '7')
    expect(radio).toHaveAccessibleName(/Recibe: Lucía Benavides Ortiz/)
    // Inside a label there is no heading: the street is text of the radio's name.
    expect(screen.queryByRole('heading')).toBeNull()

    await userEvent.click(screen.getByText('Centro, Pasto, Nariño'))
    expect(onSelect).toHaveBeenCalledOnce()

    rerender(<AddressCard variant="option" address={main} name="direccion" value={7} checked onSelect={onSelect} />)
    expect(screen.getByRole('radio', { name: /Calle 18 # 25-40/ })).toBeChecked()
  })

  test("an order's delivery lists the street, its reference, the place, who receives and the phone", () => {
    const { container } = render(
      <div>
        <AddressCard variant="delivery" address={main} />
      </div>,
    )
    const lines = [...(container.firstElementChild?.children ?? [])].map((line) => line.textContent)
    expect(lines).toEqual([
      'Calle 18 # 25-40Torre 2, apartamento 301Centro, Pasto, Nariño',
      'Recibe: Lucía Benavides Ortiz',
      'Teléfono: 3105551234',
    ])
    expect(screen.queryByRole('article')).toBeNull()
    expect(screen.queryByText('Principal')).toBeNull()
  })
})
