import './zod-setup'
import { describe, expect, test } from 'vitest'
import {
  CardPaymentSchema,
  CashPaymentQuerySchema,
  CreateTransactionSchema,
  GenerateSignatureSchema,
  LegalIdTypeSchema,
  OrderPaymentParamsSchema,
  PaymentCompletedSchema,
  PseBanksQuerySchema,
  PsePaymentSchema,
  ReversalRefundedSchema,
  TransactionIdParamsSchema,
  WompiEventSchema,
} from './payments'
import { campos } from './testing/campos'

const card = { idOrden: '9', tokenTarjeta: 'tok_test_12345_abcdef', aceptaTerminos: true }

describe('CardPaymentSchema (POST pago/PagarConTarjeta)', () => {
  test('one instalment and a citizenship card by default', () => {
    expect(CardPaymentSchema.parse(card)).toEqual({
      idOrden: 9,
      tokenTarjeta: 'tok_test_12345_abcdef',
      numeroCuotas: 1,
      tipoIdentificacion: 'CC',
      aceptaTerminos: true,
    })
  })

  test('the holder’s mobile is reduced to its 10 digits', () => {
    expect(CardPaymentSchema.parse({ ...card, telefono: '+57 321-123-4567' }).telefono).toBe('3211234567')
  })

  test.each([['tok_prod_abcdef'], ['tok_stagtest_5113_b0A9']])('accepts the Wompi token %s', (tokenTarjeta) => {
    expect(CardPaymentSchema.safeParse({ ...card, tokenTarjeta }).success).toBe(true)
  })

  test.each([
    ['36 instalments', { numeroCuotas: '36' }],
    ['a passport', { tipoIdentificacion: 'PP', numeroIdentificacion: 'AB123456' }],
  ])('accepts %s', (_, change) => {
    expect(CardPaymentSchema.safeParse({ ...card, ...change }).success).toBe(true)
  })

  test.each([
    ['a card number', { numeroTarjetaCredito: '4242424242424242' }, 'numeroTarjetaCredito'],
    ['a security code', { codigoSeguridadTarjeta: '123' }, 'codigoSeguridadTarjeta'],
    ['an expiry date', { fechaExpiracionTarjeta: '12/29' }, 'fechaExpiracionTarjeta'],
  ])('refuses %s: the shop never receives card data', (_, change, field) => {
    expect(campos(CardPaymentSchema, { ...card, ...change })).toEqual({
      [field]:
        'Por seguridad, la tienda no recibe los datos de la tarjeta: se envían a Wompi desde tu navegador. Envía solo tokenTarjeta.',
    })
  })

  test.each([
    [
      'terms not accepted',
      { aceptaTerminos: false },
      { aceptaTerminos: 'Debes aceptar los términos de Wompi para pagar.' },
    ],
    [
      'terms missing',
      { aceptaTerminos: undefined },
      { aceptaTerminos: 'Debes aceptar los términos de Wompi para pagar.' },
    ],
    [
      'a token of another service',
      { tokenTarjeta: 'tok_live_abcdef' },
      { tokenTarjeta: 'tokenTarjeta no es un token de tarjeta de Wompi' },
    ],
    [
      'a token too short',
      { tokenTarjeta: 'tok_test_abc' },
      { tokenTarjeta: 'tokenTarjeta no es un token de tarjeta de Wompi' },
    ],
    ['0 instalments', { numeroCuotas: 0 }, { numeroCuotas: 'Mínimo 1 cuota' }],
    ['37 instalments', { numeroCuotas: 37 }, { numeroCuotas: 'Máximo 36 cuotas' }],
    [
      'an unknown document type',
      { tipoIdentificacion: 'RC' },
      { tipoIdentificacion: 'Tipo de documento no válido (CC, CE, NIT, PP o TI)' },
    ],
    [
      'a document of 2 characters',
      { numeroIdentificacion: '12' },
      { numeroIdentificacion: 'Número de documento no válido' },
    ],
    [
      'a document with dots',
      { numeroIdentificacion: '1.085.234' },
      { numeroIdentificacion: 'Número de documento no válido' },
    ],
    [
      'a landline',
      { telefono: '6017654321' },
      { telefono: 'Escribe un celular colombiano de 10 dígitos que empiece por 3' },
    ],
    ['an order as a word', { idOrden: 'nueve' }, { idOrden: 'idOrden debe ser un número' }],
    ['order 0', { idOrden: 0 }, { idOrden: 'idOrden debe ser un número positivo' }],
  ])('refuses %s', (_, change, fields) => {
    expect(campos(CardPaymentSchema, { ...card, ...change })).toEqual(fields)
  })
})

const pse = {
  IdOrden: 9,
  PseCode: '1007',
  NumeroIdentificacion: '1085234567',
  CorreoElectronico: 'ana@correo.co',
  AceptaTerminos: true,
}

describe('PsePaymentSchema (POST pago/PagarConPse)', () => {
  test('a natural person with a citizenship card by default', () => {
    expect(PsePaymentSchema.parse(pse)).toEqual({ ...pse, TipoPersona: 0, TipoIdentificacion: 'CC' })
  })

  test.each([
    ['no bank', { PseCode: '' }, { PseCode: 'Campo requerido' }],
    ['a bank by its name, not its code', { PseCode: 'Nequi' }, { PseCode: 'Escoge tu banco' }],
    ['no document', { NumeroIdentificacion: ' ' }, { NumeroIdentificacion: 'Campo requerido' }],
    ['a bad e-mail', { CorreoElectronico: 'ana@' }, { CorreoElectronico: 'Correo electrónico no válido' }],
    [
      'terms not accepted',
      { AceptaTerminos: false },
      { AceptaTerminos: 'Debes aceptar los términos de Wompi para pagar.' },
    ],
  ])('refuses %s', (_, change, fields) => {
    expect(campos(PsePaymentSchema, { ...pse, ...change })).toEqual(fields)
  })

  test('a person is natural (0) or legal (1)', () => {
    expect(PsePaymentSchema.parse({ ...pse, TipoPersona: '1' }).TipoPersona).toBe(1)
    expect(Object.keys(campos(PsePaymentSchema, { ...pse, TipoPersona: 2 }))).toEqual(['TipoPersona'])
  })
})

describe('CreateTransactionSchema: a Nequi payment', () => {
  const nequi = { OrderId: 9, PaymentMethod: { Type: 'NEQUI', PhoneNumber: '321 123 4567' }, AceptaTerminos: true }

  test('the Nequi phone is reduced to its 10 digits', () => {
    expect(CreateTransactionSchema.parse(nequi).PaymentMethod).toEqual({ Type: 'NEQUI', PhoneNumber: '3211234567' })
  })

  test('refuses another method, another currency and a bad phone', () => {
    expect(
      campos(CreateTransactionSchema, {
        ...nequi,
        PaymentMethod: { Type: 'CARD', PhoneNumber: '12345' },
        Currency: 'USD',
      }),
    ).toEqual({
      'PaymentMethod.Type': 'Método de pago no admitido',
      'PaymentMethod.PhoneNumber': 'Escribe un celular colombiano de 10 dígitos que empiece por 3',
      Currency: 'La moneda debe ser COP',
    })
  })
})

describe('CashPaymentQuerySchema: cash at a correspondent', () => {
  test('the query’s «true» is the acceptance', () => {
    expect(CashPaymentQuerySchema.parse({ IdOrden: '9', AceptaTerminos: 'true' })).toEqual({
      IdOrden: 9,
      AceptaTerminos: true,
    })
  })

  test.each(['false', 'si', undefined])('AceptaTerminos=%s is refused', (AceptaTerminos) => {
    expect(campos(CashPaymentQuerySchema, { IdOrden: '9', AceptaTerminos })).toEqual({
      AceptaTerminos: 'Debes aceptar los términos de Wompi para pagar.',
    })
  })
})

describe('GenerateSignatureSchema: a widget payment', () => {
  test('only the order is needed; the currency, when sent, is COP', () => {
    expect(GenerateSignatureSchema.parse({ idOrden: '9' })).toEqual({ idOrden: 9 })
    expect(GenerateSignatureSchema.parse({ idOrden: 9, currency: 'COP' }).currency).toBe('COP')
    expect(campos(GenerateSignatureSchema, { idOrden: 9, currency: 'USD' })).toEqual({
      currency: 'La moneda debe ser COP',
    })
  })
})

describe('Wompi transaction ids', () => {
  test.each([
    ['12345-1718900000-12345', true],
    ['abc12', true],
    ['abcd', false],
    ['a'.repeat(65), false],
    ['12345_1718900000', false],
    ['../../admin', false],
  ])('%s → %s', (id, valid) => {
    expect(TransactionIdParamsSchema.safeParse({ id }).success).toBe(valid)
    expect(PaymentCompletedSchema.safeParse({ orderId: 9, transactionId: id }).success).toBe(valid)
  })

  test('a bad id after the widget answers «transactionId no válido»', () => {
    expect(campos(PaymentCompletedSchema, { orderId: 9, transactionId: 'x' })).toEqual({
      transactionId: 'transactionId no válido',
    })
    expect(campos(TransactionIdParamsSchema, { id: 'x' })).toEqual({ id: 'id de transacción no válido' })
  })
})

describe('the order and store ids of the payment calls', () => {
  test('read from the path or the query as text', () => {
    expect(OrderPaymentParamsSchema.parse({ idOrden: '9' })).toEqual({ idOrden: 9 })
    expect(PseBanksQuerySchema.parse({})).toEqual({})
    expect(PseBanksQuerySchema.parse({ idTienda: '10018' })).toEqual({ idTienda: 10018 })
    expect(campos(OrderPaymentParamsSchema, { idOrden: '2147483648' })).toEqual({
      idOrden: 'idOrden es demasiado grande',
    })
  })
})

describe('LegalIdTypeSchema', () => {
  test.each(['CC', 'CE', 'NIT', 'PP', 'TI'])('accepts %s', (type) => {
    expect(LegalIdTypeSchema.parse(type)).toBe(type)
  })

  test('refuses any other type', () => {
    expect(campos(LegalIdTypeSchema, 'cc')).toEqual({ '': 'Tipo de documento no válido (CC, CE, NIT, PP o TI)' })
  })
})

describe('WompiEventSchema: an event needs signed properties', () => {
  const event = {
    event: 'transaction.updated',
    data: { transaction: { id: '1-2-3' } },
    signature: { properties: ['transaction.id'], checksum: 'abc' },
    timestamp: 1718900000,
  }

  test('accepts Wompi’s event', () => {
    expect(WompiEventSchema.parse(event)).toEqual(event)
  })

  test('refuses an event that signs no property', () => {
    expect(Object.keys(campos(WompiEventSchema, { ...event, signature: { properties: [], checksum: 'abc' } }))).toEqual(
      ['signature.properties'],
    )
  })
})

describe('ReversalRefundedSchema: how the store gave the money back', () => {
  test('needs a note of at most 300 characters', () => {
    expect(ReversalRefundedSchema.parse({ nota: ' Transferencia 5512 ' })).toEqual({ nota: 'Transferencia 5512' })
    expect(campos(ReversalRefundedSchema, { nota: ' ' })).toEqual({
      nota: 'Escribe cómo se devolvió el dinero (transferencia, referencia…).',
    })
    expect(campos(ReversalRefundedSchema, { nota: 'a'.repeat(301) })).toEqual({
      nota: 'Escribe máximo 300 caracteres.',
    })
  })
})
