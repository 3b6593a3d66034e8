import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/app'

/**
 * Issue 15, finding 7: what Node's HTTP parser refuses before any route runs (Node's bare 431, the
 * English "Client Error" of a broken chunk) is answered in Spanish, in `{ mensaje, codigo }`, echoing
 * nothing of the request. Sent over a real socket: `inject` never reaches the parser.
 */
let t: TestApp
let port: number

beforeAll(async () => {
  t = await buildTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
})
afterAll(() => t.close())

/** Writes `raw` and reads the whole answer until the server closes the connection. */
function exchange(raw: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      text += chunk
    })
    socket.on('error', reject)
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n')
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body })
    })
    socket.write(raw)
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')))
  })
}

test('headers over 16 KB → 431 in Spanish, without echoing them', async () => {
  const filler = 'secreto'.repeat(3_000)
  const res = await exchange(`GET /home HTTP/1.1\r\nHost: tienda\r\nX-Relleno: ${filler}\r\n\r\n`)
  expect(res.status).toBe(431)
  expect(JSON.parse(res.body)).toEqual({
    mensaje: 'Los encabezados de la petición son demasiado grandes.',
    codigo: 'encabezados_muy_grandes',
  })
  expect(res.headers).toMatch(/content-type: application\/json/i)
  expect(res.body).not.toContain('secreto')
})

test('a malformed request line → 400 in Spanish', async () => {
  const res = await exchange('GET /una ruta/<script> HTTP/1.1\r\nHost: tienda\r\n\r\n')
  expect(res.status).toBe(400)
  expect(JSON.parse(res.body)).toEqual({ mensaje: 'La petición está mal formada.', codigo: 'peticion_malformada' })
  expect(res.body).not.toContain('script')
})

test('a broken chunked body → 400 in Spanish, and nothing is created', async () => {
  const body = '{"email":"a@b.co","password":"Clave2024"}'
  const res = await exchange(
    `POST /swagger/api/login HTTP/1.1\r\nHost: tienda\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n${body}\r\n0\r\n\r\n`,
  )
  expect(res.status).toBe(400)
  expect(JSON.parse(res.body)).toMatchObject({ codigo: expect.any(String), mensaje: expect.any(String) })
  expect(JSON.parse(res.body).mensaje).not.toMatch(/Client Error|Bad Request/)
})
