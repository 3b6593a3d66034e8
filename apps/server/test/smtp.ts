import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A message as a real SMTP server received it, decoded enough for assertions. */
export interface ReceivedMail {
  from: string
  to: string[]
  /** The From header, decoded (`"Piel Dermocosmética" <no-responder@piel.local>`). */
  fromHeader: string
  subject: string
  text: string
  html: string
  raw: string
}

/**
 * A real SMTP server on 127.0.0.1 (a free port) that keeps every message it receives: point
 * `SMTP_URL` at `url` and read `received` or wait with `next()`.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = []
  const waiting: ((mail: ReceivedMail) => void)[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const mail = {
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        }
        received.push(mail)
        waiting.shift()?.(mail)
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    /** The next message to arrive (or the first one not yet waited for). */
    next(timeoutMs = 10_000): Promise<ReceivedMail> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no message arrived')), timeoutMs)
        waiting.push((mail) => {
          clearTimeout(timer)
          resolve(mail)
        })
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

interface Part {
  headers: Record<string, string>
  body: string
}

function splitPart(raw: string): Part {
  const at = raw.indexOf('\r\n\r\n')
  const head = at === -1 ? raw : raw.slice(0, at)
  const body = at === -1 ? '' : raw.slice(at + 4)
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body }
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = []
  const soft = text.replace(/=\r?\n/g, '')
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3)
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase()
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body)
  return part.body
}

/** `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=` words of a header (RFC 2047). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replaceAll('_', ' ')),
    )
}

/** Subject, text and HTML of a message (single part or multipart/alternative, as nodemailer writes them). */
export function parseMail(raw: string): Omit<ReceivedMail, 'from' | 'to'> {
  const message = splitPart(raw)
  const result = {
    fromHeader: decodeWords(message.headers.from ?? ''),
    subject: decodeWords(message.headers.subject ?? ''),
    text: '',
    html: '',
    raw,
  }
  const collect = (part: Part) => {
    const type = (part.headers['content-type'] ?? 'text/plain').toLowerCase()
    const boundary = /boundary="?([^";]+)"?/i.exec(part.headers['content-type'] ?? '')?.[1]
    if (type.startsWith('multipart/') && boundary) {
      for (const chunk of part.body.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break
        collect(splitPart(chunk.replace(/^\r\n/, '')))
      }
    } else if (type.startsWith('text/html')) {
      result.html = decodeBody(part)
    } else if (type.startsWith('text/plain')) {
      result.text = decodeBody(part)
    }
  }
  collect(message)
  return result
}
