import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AppError } from '../../shared/errors'
import { createWompiClient, WompiRefusal } from './wompi-client'

/** How the client reads Wompi's answers that are not successes: a refusal in Wompi's words, or the gateway down. */
let base: string
let answer: { status: number; body: string } = { status: 200, body: '{}' }
const server = createServer((_req, res) => {
  res.writeHead(answer.status, { 'content-type': 'application/json' })
  res.end(answer.body)
})
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

const client = () =>
  createWompiClient({ apiUrl: base, publicKey: 'pub_test_abc', privateKey: 'prv_test_abc', timeoutMs: 2000 })

describe('Wompi client', () => {
  test('a 422 with nested field messages → WompiRefusal with the first message', async () => {
    answer = {
      status: 422,
      body: JSON.stringify({
        error: { type: 'INPUT_VALIDATION_ERROR', messages: { payment_method: { token: ['El token es inválido'] } } },
      }),
    }
    await expect(client().createTransaction({})).rejects.toEqual(
      new WompiRefusal(422, 'INPUT_VALIDATION_ERROR', 'El token es inválido'),
    )
  })

  test('an unknown transaction is null, not an error', async () => {
    answer = {
      status: 404,
      body: JSON.stringify({ error: { type: 'NOT_FOUND_ERROR', reason: 'La entidad solicitada no existe' } }),
    }
    expect(await client().transaction('1-1-1')).toBeNull()
  })

  test.each([
    ['a 500', { status: 500, body: 'oops' }],
    ['an answer that is not Wompi’s shape', { status: 200, body: JSON.stringify({ data: { id: 1 } }) }],
    ['HTML from a proxy', { status: 502, body: '<html>Bad gateway</html>' }],
  ])('%s → 502 pasarela with a Spanish message', async (_name, reply) => {
    answer = reply
    const error = await client()
      .transaction('1-1-1')
      .catch((failure: unknown) => failure)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({
      status: 502,
      message: 'No pudimos comunicarnos con el sistema de pagos. Intenta de nuevo en unos minutos.',
    })
  })

  test('nobody listening → 502 pasarela_no_disponible', async () => {
    const down = createWompiClient({
      apiUrl: 'http://127.0.0.1:1/v1',
      publicKey: 'pub_test_a',
      privateKey: 'prv_test_a',
    })
    await expect(down.pseBanks()).rejects.toMatchObject({ status: 502, code: 'pasarela_no_disponible' })
  })
})
