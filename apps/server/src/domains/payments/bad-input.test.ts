import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { registerPerson, type TestSession } from '../../../test/session'

/**
 * Bad input to the payment calls is a 4xx naming the problem in Spanish, never a 500: wrong
 * types, empty values, huge values and ids beyond the database's integer range.
 */
let t: TestApp
let ana: TestSession
const HUGE = 99_999_999_999
const LONG = 'x'.repeat(100_000)

beforeAll(async () => {
  t = await buildTestApp()
  ana = await registerPerson(t.app)
})
afterAll(() => t.close())

describe('payment calls refuse bad input with a Spanish 4xx', () => {
  test.each([
    ['POST', 'Wompi/GenerateSignature', { idOrden: 'abc' }],
    ['POST', 'Wompi/GenerateSignature', { idOrden: HUGE }],
    ['POST', 'Wompi/GenerateSignature', {}],
    ['POST', 'Wompi/GenerateSignature', { idOrden: 1, currency: 'USD' }],
    ['POST', 'pago/PagarConTarjeta', { idOrden: 1, tokenTarjeta: LONG, aceptaTerminos: true }],
    ['POST', 'pago/PagarConTarjeta', { idOrden: 1, tokenTarjeta: '', aceptaTerminos: true }],
    [
      'POST',
      'pago/PagarConTarjeta',
      { idOrden: 1, tokenTarjeta: 'tok_test_1_abcdefgh', numeroCuotas: 99, aceptaTerminos: true },
    ],
    ['POST', 'pago/PagarConTarjeta', { idOrden: 1, tokenTarjeta: 'tok_test_1_abcdefgh', aceptaTerminos: 'si' }],
    [
      'POST',
      'pago/PagarConPse',
      { IdOrden: 1, PseCode: 'x', NumeroIdentificacion: '1', CorreoElectronico: 'no', AceptaTerminos: true },
    ],
    [
      'POST',
      'pago/PagarConPse',
      { IdOrden: 1, PseCode: '1', NumeroIdentificacion: LONG, CorreoElectronico: 'a@b.co', AceptaTerminos: true },
    ],
    [
      'POST',
      'pago/PagarConPse',
      {
        IdOrden: 1,
        PseCode: '1',
        TipoIdentificacion: 'XX',
        NumeroIdentificacion: '123456',
        CorreoElectronico: 'a@b.co',
        AceptaTerminos: true,
      },
    ],
    [
      'POST',
      'Wompi/CreateTransaction',
      { OrderId: 1, PaymentMethod: { Type: 'NEQUI', PhoneNumber: '12' }, AceptaTerminos: true },
    ],
    [
      'POST',
      'Wompi/CreateTransaction',
      { OrderId: 1, PaymentMethod: { Type: 'DAVIPLATA', PhoneNumber: '3001234567' }, AceptaTerminos: true },
    ],
    ['POST', `pago/PagoEnEfectivo?IdOrden=${HUGE}&AceptaTerminos=true`, undefined],
    ['POST', 'pago/PagoEnEfectivo?IdOrden=1', undefined],
    ['POST', 'pago/PagoEnEfectivo?IdOrden=uno&AceptaTerminos=true', undefined],
    ['POST', 'Wompi/PaymentCompleted', { orderId: 1, transactionId: '../../etc' }],
    ['POST', 'Wompi/PaymentCompleted', { orderId: 1, transactionId: LONG }],
    ['GET', 'Wompi/VerifyTransaction/%2e%2e%2fadmin', undefined],
    ['GET', `pago/EstadoPago/${HUGE}`, undefined],
    ['GET', 'pago/EstadoPago/abc', undefined],
    ['GET', 'Pago/ObtenerBancosPse?idTienda=abc', undefined],
  ] as const)('%s %s %j', async (method, url, payload) => {
    const res = await t.app.inject({ method, url: `/swagger/api/${url}`, headers: ana.headers, payload })
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400)
    expect(res.statusCode, res.body).toBeLessThan(500)
    expect(res.json().mensaje).toMatch(/[a-záéíóúñ]/i)
  })

  test('Wompi events: malformed bodies → 400, a missing transaction → 400, an unsigned one → 401', async () => {
    const post = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/swagger/api/Wompi/Eventos', payload: payload as object })
    expect((await post({ event: 'transaction.updated' })).statusCode).toBe(400)
    expect(
      (await post({ event: 'x', data: [], signature: { properties: [], checksum: '' }, timestamp: 1 })).statusCode,
    ).toBe(400)
    const unsigned = await post({
      event: 'transaction.updated',
      data: { transaction: { id: '1-1-1', status: 'APPROVED', amount_in_cents: 1 } },
      signature: { properties: ['transaction.id'], checksum: 'abc' },
      timestamp: 1,
    })
    expect(unsigned.statusCode).toBe(401)
    expect(unsigned.json().mensaje).toBe('La firma del evento no es válida.')
  })
})
