import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/app'

/**
 * Issue 16, delivery: the built web app's files go in the Brotli or gzip copy the build made, the
 * API's JSON is compressed on the way, the HTML is revalidated on every visit while hashed assets
 * are kept a year, and a missing file is a real 404 (never the app's HTML).
 */
let t: TestApp
let dist: string
const HTML = `<!doctype html><html lang="es"><head><title>Piel</title></head><body><div id="root"></div>${'<!-- relleno -->'.repeat(100)}</body></html>`
const SCRIPT = `console.log(${JSON.stringify('hola '.repeat(2_000))})`

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'piel-dist-'))
  await mkdir(join(dist, 'assets'))
  await writeFile(join(dist, 'index.html'), HTML)
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  await writeFile(join(dist, 'index.html.br'), brotliCompressSync(HTML))
  await writeFile(join(dist, 'index.html.gz'), gzipSync(HTML))
  await writeFile(join(dist, 'assets', 'app-1a2b3c.js'), SCRIPT)
  await writeFile(join(dist, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(SCRIPT))
  await writeFile(join(dist, 'assets', 'app-1a2b3c.js.gz'), gzipSync(SCRIPT))
  t = await buildTestApp({ WEB_DIST_DIR: dist })
})
afterAll(async () => {
  await t.close()
  await rm(dist, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })

describe('the web app’s files', () => {
  test('a page: the Brotli copy, revalidated on every visit (no-cache, ETag, 304)', async () => {
    const page = await get('/home', { 'accept-encoding': 'gzip, deflate, br' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(HTML)
    expect(page.headers['cache-control']).toBe('no-cache')
    const etag = String(page.headers.etag)
    expect(etag).toMatch(/^(W\/)?".+"$/)
    const again = await get('/home', { 'accept-encoding': 'br', 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    // A browser without Brotli gets gzip; one that asks for nothing gets the plain file.
    const gzipped = await get('/catalogo', { 'accept-encoding': 'gzip' })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(HTML)
    const plain = await get('/catalogo')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(HTML)
  })

  test('a hashed asset: compressed, kept a year', async () => {
    const asset = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'br, gzip' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(SCRIPT)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(asset.headers['content-type']).toMatch(/javascript/)
  })

  test('/favicon.ico, asked for by pages that name no icon, leads to the shop’s drawing', async () => {
    const res = await get('/favicon.ico')
    expect(res.statusCode).toBe(301)
    expect(res.headers.location).toBe('/favicon.svg')
    expect((await get('/favicon.svg')).statusCode).toBe(200)
  })

  test('a missing file is a 404, never the app’s HTML (a chunk of the previous version after a deploy)', async () => {
    for (const url of ['/assets/app-9z9z9z.js', '/assets/estilos-viejos.css', '/robots-viejo.txt']) {
      const res = await get(url, { accept: 'text/html,*/*' })
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type'], url).toMatch(/application\/json/)
      expect(res.body, url).not.toContain('<div id="root">')
    }
  })
})

describe('the API’s answers', () => {
  test('large JSON goes compressed, and decompresses to the same document', async () => {
    const plain = await get('/swagger/json')
    const compressed = await get('/swagger/json', { 'accept-encoding': 'br, gzip' })
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json())
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4)
    const gzipped = await get('/swagger/json', { 'accept-encoding': 'gzip' })
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json())
  })

  test('small answers go as they are', async () => {
    const res = await get('/healthz', { 'accept-encoding': 'br, gzip' })
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.json()).toEqual({ estado: 'ok' })
  })
})
