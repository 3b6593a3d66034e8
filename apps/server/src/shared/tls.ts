import { createPrivateKey, X509Certificate } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { isIP } from 'node:net'
import { networkInterfaces } from 'node:os'
import { join, resolve } from 'node:path'
import { generate } from 'selfsigned'
import type { Config } from '../config'

/**
 * HTTPS for the server itself (phones open the camera only in a secure context): the PEM files of
 * `HTTPS_CERT` and `HTTPS_KEY`, or with `HTTPS_SELF_SIGNED=true` a self-signed certificate made on
 * first start and kept under `DATA_DIR/tls/`. It is made again when it is about to expire or does not
 * name an address the server answers on (PUBLIC_URL's host, localhost, this machine's IPv4 addresses).
 */

export type TlsConfig = Pick<Config, 'HTTPS_CERT' | 'HTTPS_KEY' | 'HTTPS_SELF_SIGNED' | 'DATA_DIR' | 'PUBLIC_URL'>

export interface Tls {
  /** Node's `https.createServer` options. */
  options: { key: string; cert: string }
  source: 'files' | 'self-signed'
  /** The self-signed certificate was made now (its files were missing, stale or named too little). */
  generated: boolean
  /** The certificate's file. */
  certFile: string
  /** SHA-256 fingerprint, to compare with what the phone shows before accepting the certificate. */
  fingerprint: string
  validTo: Date
}

/** A self-signed certificate is valid this long; iOS refuses server certificates valid longer than 825 days. */
const SELF_SIGNED_DAYS = 365
/** A self-signed certificate this close to its end is made again. */
const RENEW_BEFORE_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

export class TlsError extends Error {
  override name = 'TlsError'
}

/** The TLS the server listens with, or null for plain HTTP. */
export async function loadTls(config: TlsConfig, now = new Date()): Promise<Tls | null> {
  if (config.HTTPS_CERT && config.HTTPS_KEY) return loadFiles(config.HTTPS_CERT, config.HTTPS_KEY)
  if (config.HTTPS_SELF_SIGNED) return selfSigned(config, now)
  return null
}

async function readPem(variable: string, file: string): Promise<string> {
  try {
    return await readFile(resolve(file), 'utf8')
  } catch (error) {
    throw new TlsError(
      `${variable}: no se pudo leer ${resolve(file)} (${(error as NodeJS.ErrnoException).code ?? error})`,
    )
  }
}

async function loadFiles(certFile: string, keyFile: string): Promise<Tls> {
  const cert = await readPem('HTTPS_CERT', certFile)
  const key = await readPem('HTTPS_KEY', keyFile)
  let x509: X509Certificate
  try {
    x509 = new X509Certificate(cert)
  } catch {
    throw new TlsError(`HTTPS_CERT: ${resolve(certFile)} no es un certificado PEM válido`)
  }
  let matches: boolean
  try {
    matches = x509.checkPrivateKey(createPrivateKey(key))
  } catch {
    throw new TlsError(`HTTPS_KEY: ${resolve(keyFile)} no es una clave privada PEM válida (sin contraseña)`)
  }
  if (!matches) throw new TlsError('HTTPS_KEY: la clave privada no corresponde al certificado de HTTPS_CERT')
  return {
    options: { key, cert },
    source: 'files',
    generated: false,
    certFile: resolve(certFile),
    fingerprint: x509.fingerprint256,
    validTo: new Date(x509.validTo),
  }
}

/** Host names and addresses the self-signed certificate must name. */
export function selfSignedNames(publicUrl: string): string[] {
  const names = new Set(['localhost', '127.0.0.1', '::1'])
  const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '')
  names.add(host)
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) names.add(address.address)
    }
  }
  return [...names]
}

const covers = (x509: X509Certificate, name: string) =>
  isIP(name) ? x509.checkIP(name) !== undefined : x509.checkHost(name) !== undefined

async function selfSigned(config: TlsConfig, now: Date): Promise<Tls> {
  const dir = join(resolve(config.DATA_DIR), 'tls')
  const certFile = join(dir, 'autofirmado.crt')
  const keyFile = join(dir, 'autofirmado.key')
  const names = selfSignedNames(config.PUBLIC_URL)

  const existing = await Promise.all([readFile(certFile, 'utf8'), readFile(keyFile, 'utf8')]).catch(() => null)
  if (existing) {
    const [cert, key] = existing
    try {
      const x509 = new X509Certificate(cert)
      const fresh = new Date(x509.validTo).getTime() - now.getTime() > RENEW_BEFORE_DAYS * DAY_MS
      const started = new Date(x509.validFrom).getTime() <= now.getTime()
      if (
        fresh &&
        started &&
        names.every((name) => covers(x509, name)) &&
        x509.checkPrivateKey(createPrivateKey(key))
      ) {
        return {
          options: { key, cert },
          source: 'self-signed',
          generated: false,
          certFile,
          fingerprint: x509.fingerprint256,
          validTo: new Date(x509.validTo),
        }
      }
    } catch {
      // Unreadable files are replaced below.
    }
  }

  const pems = await generate([{ name: 'commonName', value: 'Piel (certificado autofirmado)' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - DAY_MS),
    notAfterDate: new Date(now.getTime() + SELF_SIGNED_DAYS * DAY_MS),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: names.map((name) =>
          isIP(name) ? { type: 7 as const, ip: name } : { type: 2 as const, value: name },
        ),
      },
    ],
  })
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await writeFile(keyFile, pems.private, { mode: 0o600 })
  await chmod(keyFile, 0o600)
  await writeFile(certFile, pems.cert, { mode: 0o644 })
  const x509 = new X509Certificate(pems.cert)
  return {
    options: { key: pems.private, cert: pems.cert },
    source: 'self-signed',
    generated: true,
    certFile,
    fingerprint: x509.fingerprint256,
    validTo: new Date(x509.validTo),
  }
}
