import { render, screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { pricedShipping, product, quoteOf } from '@/testing/fixtures'
import { OrderTotals } from './order-totals'

const cream = product(301, 'Crema hidratante', 60_000)

describe('the totals say where the shipping stands (issue 35)', () => {
  test('without an address: to be calculated, from the cheapest zone, no total yet, how far free shipping is', () => {
    const quote = quoteOf(
      [{ item: cream, count: 1 }],
      pricedShipping({
        estado: 'por_calcular',
        lugar: null,
        costo: null,
        desde: 4000,
        envioGratisDesde: 150_000,
        faltaParaGratis: 90_000,
      }),
    )
    render(<OrderTotals totals={quote} shipping={quote.envio} />)
    expect(screen.getByText('Por calcular')).toBeVisible()
    // No total yet: it would only repeat the subtotal.
    expect(screen.queryByText('Total')).toBeNull()
    expect(screen.getByText('$ 60.000')).toBeVisible()
    expect(screen.getByText('El envío se calcula con la dirección de entrega: desde $ 4.000.')).toBeVisible()
    expect(screen.getByText('Te faltan $ 90.000 para el envío gratis.')).toBeVisible()
  })

  test('without an address but past the free-shipping purchase: free, and no "desde $ X" beside it', () => {
    const quote = quoteOf(
      [{ item: cream, count: 3 }],
      pricedShipping({
        estado: 'por_calcular',
        lugar: null,
        costo: null,
        gratis: true,
        desde: 5000,
        envioGratisDesde: 150_000,
      }),
    )
    render(<OrderTotals totals={quote} shipping={quote.envio} />)
    expect(screen.getByText('Tu compra tiene envío gratis.')).toBeVisible()
    expect(screen.queryByText(/desde \$ 5\.000/)).toBeNull()
  })

  test('free shipping reached: "Gratis" and said so', () => {
    const quote = quoteOf(
      [{ item: cream, count: 3 }],
      pricedShipping({ costo: 0, gratis: true, envioGratisDesde: 150_000 }),
    )
    render(<OrderTotals totals={quote} shipping={quote.envio} />)
    expect(screen.getByText('Gratis')).toBeVisible()
    expect(screen.getByText('Total')).toBeVisible()
    expect(screen.getByText('Tu compra tiene envío gratis.')).toBeVisible()
  })

  test('an order shows the delivery days its zone promised, or none', () => {
    const quote = quoteOf([{ item: cream, count: 1 }])
    const { rerender } = render(<OrderTotals totals={quote} deliveryDays={{ min: 2, max: 5 }} />)
    expect(screen.getByText('2 a 5 días hábiles desde el pago')).toBeVisible()
    rerender(<OrderTotals totals={quote} deliveryDays={{ min: null, max: null }} />)
    expect(screen.queryByText('Entrega')).toBeNull()
  })
})
