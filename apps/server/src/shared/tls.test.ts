import { X509Certificate } from 'node:crypto'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { get } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generate } from 'selfsigned'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, WOMPI_SANDBOX_KEYS } from '../../test/app'
import { loadConfig } from '../config'
import { loadTls, selfSignedNames, TlsError } from './tls'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'piel-tls-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const selfSignedConfig = (dataDir: string, publicUrl = 'https://192.168.1.20:3000') =>
  loadConfig({ DATA_DIR: dataDir, HTTPS_SELF_SIGNED: 'true', PUBLIC_URL: publicUrl })

describe('loadTls', () => {
  test('without HTTPS_CERT or HTTPS_SELF_SIGNED the server stays on plain HTTP', async () => {
    expect(await loadTls(loadConfig({ DATA_DIR: dir }))).toBeNull()
  })

  test('HTTPS_SELF_SIGNED: made on first start under DATA_DIR/tls (key mode 600), naming localhost and PUBLIC_URL', async () => {
    const dataDir = join(dir, 'primera')
    const tls = await loadTls(selfSignedConfig(dataDir))
    expect(tls).toMatchObject({ source: 'self-signed', generated: true })
    const certFile = join(dataDir, 'tls', 'autofirmado.crt')
    expect(tls?.certFile).toBe(certFile)
    expect((await stat(join(dataDir, 'tls', 'autofirmado.key'))).mode & 0o777).toBe(0o600)
    const x509 = new X509Certificate(await readFile(certFile))
    expect(x509.checkHost('localhost')).toBe('localhost')
    expect(x509.checkIP('127.0.0.1')).toBe('127.0.0.1')
    expect(x509.checkIP('192.168.1.20')).toBe('192.168.1.20')
    expect(x509.fingerprint256).toBe(tls?.fingerprint)
    const days = (new Date(x509.validTo).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(360)
    expect(days).toBeLessThan(370)
  })

  test('HTTPS_SELF_SIGNED: the next start keeps the same certificate', async () => {
    const dataDir = join(dir, 'segunda')
    const first = await loadTls(selfSignedConfig(dataDir))
    const second = await loadTls(selfSignedConfig(dataDir))
    expect(second).toMatchObject({ generated: false, fingerprint: first?.fingerprint })
  })

  test('HTTPS_SELF_SIGNED: a new PUBLIC_URL host or a certificate near its end gets a new certificate', async () => {
    const dataDir = join(dir, 'renovar')
    const first = await loadTls(selfSignedConfig(dataDir))
    const otherHost = await loadTls(selfSignedConfig(dataDir, 'https://piel.local:3000'))
    expect(otherHost).toMatchObject({ generated: true })
    expect(otherHost?.fingerprint).not.toBe(first?.fingerprint)
    expect(new X509Certificate(otherHost?.options.cert ?? '').checkHost('piel.local')).toBe('piel.local')

    const validTo = otherHost?.validTo ?? new Date()
    const nearTheEnd = new Date(validTo.getTime() - 10 * 86_400_000)
    const renewed = await loadTls(selfSignedConfig(dataDir, 'https://piel.local:3000'), nearTheEnd)
    expect(renewed).toMatchObject({ generated: true })
  })

  test('selfSignedNames: localhost, the loopback addresses and the host of PUBLIC_URL', () => {
    expect(selfSignedNames('https://[::1]:3000')).toEqual(expect.arrayContaining(['localhost', '127.0.0.1', '::1']))
    expect(selfSignedNames('https://tienda.local')).toContain('tienda.local')
  })

  describe('HTTPS_CERT and HTTPS_KEY', () => {
    let cert: string
    let key: string
    let otherKey: string
    beforeAll(async () => {
      const pems = await generate([{ name: 'commonName', value: 'piel.test' }], { keyType: 'ec', curve: 'P-256' })
      const other = await generate([{ name: 'commonName', value: 'otro.test' }], { keyType: 'ec', curve: 'P-256' })
      cert = join(dir, 'piel.crt')
      key = join(dir, 'piel.key')
      otherKey = join(dir, 'otro.key')
      await writeFile(cert, pems.cert)
      await writeFile(key, pems.private)
      await writeFile(otherKey, other.private)
    })

    const filesConfig = (certFile: string, keyFile: string) =>
      loadConfig({
        HTTPS_CERT: certFile,
        HTTPS_KEY: keyFile,
        API_CLIENT_SECRET: 'una-clave-larga-y-propia-123',
        ...WOMPI_SANDBOX_KEYS,
      })

    test('are read as they are', async () => {
      const tls = await loadTls(filesConfig(cert, key))
      expect(tls).toMatchObject({ source: 'files', generated: false, certFile: cert })
      expect(tls?.options.cert).toBe(await readFile(cert, 'utf8'))
    })

    test('a key that is not the certificate’s stops start-up naming HTTPS_KEY', async () => {
      await expect(loadTls(filesConfig(cert, otherKey))).rejects.toThrow(TlsError)
      await expect(loadTls(filesConfig(cert, otherKey))).rejects.toThrow(/^HTTPS_KEY: la clave privada no corresponde/)
    })

    test('a file that is not a PEM certificate stops start-up naming HTTPS_CERT', async () => {
      await expect(loadTls(filesConfig(key, key))).rejects.toThrow(/^HTTPS_CERT: .* no es un certificado PEM válido/)
    })
  })
})

describe('the app over TLS', () => {
  test('HTTPS_SELF_SIGNED=true: the server answers https with its certificate', async () => {
    const dataDir = join(dir, 'app')
    const t = await buildTestApp({ DATA_DIR: dataDir, HTTPS_SELF_SIGNED: 'true', PUBLIC_URL: 'https://localhost:3000' })
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' })
      const { port } = t.app.server.address() as AddressInfo
      const ca = await readFile(join(dataDir, 'tls', 'autofirmado.crt'), 'utf8')
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        get({ host: '127.0.0.1', port, path: '/healthz', ca, servername: 'localhost' }, (res) => {
          let body = ''
          res.on('data', (chunk: Buffer) => {
            body += chunk.toString()
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        }).on('error', reject)
      })
      expect(answer).toEqual({ status: 200, body: '{"estado":"ok"}' })
    } finally {
      await t.close()
    }
  })
})
