import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ClimaSchema } from '@piel/contracts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'

/** A forecast service speaking Open-Meteo's format; the latitude picks how it behaves. */
let service: Server
const asked: string[] = []
let withWeather: TestApp
let withoutWeather: TestApp

function answer(req: IncomingMessage, res: import('node:http').ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost')
  asked.push(`${url.pathname}?${url.searchParams.toString()}`)
  const latitude = Number(url.searchParams.get('latitude'))
  if (latitude === 1) {
    setTimeout(() => res.end('{}'), 2000) // slower than the timeout
    return
  }
  if (latitude === 2) return void res.end('esto no es JSON')
  if (latitude === 3) return void res.writeHead(500).end('{"error":true}')
  if (latitude === 4) return void res.end(JSON.stringify({ current: { time: '2026-11-24T10:00' } }))
  res.setHeader('content-type', 'application/json')
  res.end(JSON.stringify({ current: { temperature_2m: 27.4, relative_humidity_2m: 81, uv_index: 9.6 } }))
}

beforeAll(async () => {
  service = createServer(answer)
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
  const { port } = service.address() as AddressInfo
  withWeather = await buildTestApp({ WEATHER_URL: `http://127.0.0.1:${port}`, WEATHER_TIMEOUT_MS: '300' })
  withoutWeather = await buildTestApp()
}, 120_000)

afterAll(async () => {
  await withWeather?.close()
  await withoutWeather?.close()
  service?.closeAllConnections()
  await new Promise((resolve) => service?.close(resolve))
})

const clima = async (app: TestApp, payload: unknown) => {
  const res = await app.app.inject({ method: 'POST', url: '/swagger/api/Clima', payload: payload as object })
  return { status: res.statusCode, body: res.json() }
}

describe('POST Clima', () => {
  test('reads the current temperature, humidity and UV index of the place', async () => {
    const { status, body } = await clima(withWeather, { Latitud: 1.2136, Longitud: -77.2811 })
    expect(status).toBe(200)
    expect(ClimaSchema.parse(body)).toEqual({ estado: 'Disponible', temperatura: 27.4, humedad: 81, uv: 9.6 })
    expect(asked.at(-1)).toBe(
      '/v1/forecast?latitude=1.2136&longitude=-77.2811&current=temperature_2m%2Crelative_humidity_2m%2Cuv_index',
    )
  })

  test('a slow, broken or empty answer, or no service configured → "No especificado", within the timeout', async () => {
    for (const latitude of [1, 2, 3, 4]) {
      const started = performance.now()
      const { status, body } = await clima(withWeather, { Latitud: latitude, Longitud: -74 })
      expect(status).toBe(200)
      expect(body).toEqual({ estado: 'No especificado' })
      expect(performance.now() - started).toBeLessThan(1500)
    }
    expect((await clima(withoutWeather, { Latitud: 4.6, Longitud: -74.1 })).body).toEqual({ estado: 'No especificado' })
  })

  test('coordinates out of range or not numbers → 400 in Spanish', async () => {
    for (const payload of [
      {},
      { Latitud: 91, Longitud: 0 },
      { Latitud: 0, Longitud: -181 },
      { Latitud: 'norte', Longitud: 0 },
    ]) {
      const { status, body } = await clima(withWeather, payload)
      expect(status, JSON.stringify(payload)).toBe(400)
      expect(body.mensaje).toMatch(/Latitud|Longitud/)
    }
  })
})
