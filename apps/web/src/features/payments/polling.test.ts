import type { OrderPaymentState, PaymentOutcome, PaymentStatus } from '@piel/contracts'
import { describe, expect, test } from 'vitest'
import { hasTimedOut, isSettled, nextPollDelay, POLL_INTERVAL_MS, POLL_LIMIT_MS } from './polling'

const payment = (codSalida: PaymentStatus): PaymentOutcome => ({
  codSalida,
  mensajeSalida: '',
  urlSalida: null,
  idOrden: 7,
  idTransaccion: null,
  referencia: 'ORDER_7_1700000000000',
  metodo: 'PSE',
  ordenPagada: false,
  efectivo: null,
})
const state = (ultimoPago: PaymentOutcome | null, ordenPagada = false): OrderPaymentState => ({
  idOrden: 7,
  idEstadoOrden: 1,
  estadoOrden: 'Orden Pendiente Pago',
  ordenPagada,
  pagable: false,
  ultimoPago,
})

describe('isSettled', () => {
  test.each<[PaymentStatus, boolean]>([
    ['CREATED', false],
    ['PENDING', false],
    ['APPROVED', true],
    ['DECLINED', true],
    ['VOIDED', true],
    ['ERROR', true],
  ])('last payment %s → %s', (status, expected) => {
    expect(isSettled(state(payment(status)))).toBe(expected)
  })

  test('a paid order is settled even if a later payment is pending; an order without payments too', () => {
    expect(isSettled(state(payment('PENDING'), true))).toBe(true)
    expect(isSettled(state(null))).toBe(true)
  })
})

describe('nextPollDelay', () => {
  const start = 1_000_000

  test('every 3 s while pending', () => {
    expect(POLL_INTERVAL_MS).toBe(3000)
    expect(nextPollDelay(state(payment('PENDING')), start, start)).toBe(3000)
    expect(nextPollDelay(state(payment('CREATED')), start, start + POLL_LIMIT_MS - 1)).toBe(3000)
  })

  test('stops after 10 minutes', () => {
    expect(POLL_LIMIT_MS).toBe(600_000)
    expect(nextPollDelay(state(payment('PENDING')), start, start + POLL_LIMIT_MS)).toBe(false)
  })

  test('stops when final, and waits for a first answer', () => {
    expect(nextPollDelay(state(payment('APPROVED')), start, start)).toBe(false)
    expect(nextPollDelay(state(payment('DECLINED')), start, start)).toBe(false)
    expect(nextPollDelay(undefined, start, start)).toBe(false)
  })
})

describe('hasTimedOut', () => {
  const start = 5_000
  test('only a payment still pending after 10 minutes', () => {
    expect(hasTimedOut(state(payment('PENDING')), start, start + POLL_LIMIT_MS)).toBe(true)
    expect(hasTimedOut(state(payment('PENDING')), start, start + POLL_LIMIT_MS - 1)).toBe(false)
    expect(hasTimedOut(state(payment('APPROVED')), start, start + POLL_LIMIT_MS * 2)).toBe(false)
    expect(hasTimedOut(undefined, start, start + POLL_LIMIT_MS * 2)).toBe(false)
  })
})
