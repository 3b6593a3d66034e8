import { CLIMA_NO_ESPECIFICADO, type Clima } from '@piel/contracts'

/**
 * The weather at a place, from an Open-Meteo-compatible forecast service: current temperature
 * (°C), relative humidity (%) and UV index. Any failure — no service configured, the network, a
 * timeout, an answer without numbers — gives `{ estado: "No especificado" }`: the advice then uses no
 * weather, and the chat never waits longer than the timeout.
 */
export async function readWeather(
  service: { url: string | undefined; timeoutMs: number },
  latitude: number,
  longitude: number,
  log: { warn(object: object, message: string): void },
): Promise<Clima> {
  const unknown: Clima = { estado: CLIMA_NO_ESPECIFICADO }
  if (!service.url) return unknown
  const url = new URL('/v1/forecast', service.url)
  url.searchParams.set('latitude', latitude.toFixed(4))
  url.searchParams.set('longitude', longitude.toFixed(4))
  url.searchParams.set('current', 'temperature_2m,relative_humidity_2m,uv_index')
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(service.timeoutMs) })
    if (!res.ok) throw new Error(`status ${res.status}`)
    const body = (await res.json()) as { current?: Record<string, unknown> }
    const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined)
    const temperatura = number(body.current?.temperature_2m)
    const humedad = number(body.current?.relative_humidity_2m)
    const uv = number(body.current?.uv_index)
    if (temperatura === undefined && humedad === undefined && uv === undefined)
      throw new Error('no weather in the answer')
    return {
      estado: 'Disponible',
      ...(temperatura !== undefined ? { temperatura: Math.max(-60, Math.min(60, temperatura)) } : {}),
      ...(humedad !== undefined ? { humedad: Math.max(0, Math.min(100, humedad)) } : {}),
      ...(uv !== undefined ? { uv: Math.max(0, Math.min(20, uv)) } : {}),
    }
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'weather service unavailable')
    return unknown
  }
}
