import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'
import { ACCOUNT_MESSAGES } from '@piel/contracts'
import * as oidc from 'openid-client'
import { type Config, googleClientOf } from '../../config'
import { AppError } from '../../shared/errors'

/**
 * "Accede con Google": OpenID Connect authorization code flow with PKCE (S256), `state` and
 * `nonce`, through openid-client (docs/decisions/004). This file speaks OpenID Connect only; who
 * the identity is in the shop is decided in `social.ts`, and the HTTP side is `google-routes.ts`.
 */
export const GOOGLE_SCOPE = 'openid email profile'
/** Under the API prefix of app.ts (`/swagger/api`); registered at Google as the redirect URI. */
export const GOOGLE_CALLBACK_PATH = '/swagger/api/login/google/callback'
export const GOOGLE_PENDING_TTL_SECONDS = 10 * 60
export const DEFAULT_RETURN_PATH = '/home'

/** What the callback needs from the start of the flow; kept sealed in a cookie, never in the URL. */
export interface PendingSignIn {
  state: string
  nonce: string
  codeVerifier: string
  returnTo: string
  /** Expiry, milliseconds since the epoch. */
  expiresAt: number
}

/** The verified identity the provider vouched for (claims of the ID token). */
export interface GoogleIdentity {
  sub: string
  email: string | undefined
  emailVerified: boolean
  givenName: string | undefined
  familyName: string | undefined
  name: string | undefined
}

/** The messages the web shows on /login (spec 000 §8: "Error con Google: ..." or "Intenta nuevamente"). */
export const GOOGLE_ERRORS = {
  tryAgain: ACCOUNT_MESSAGES.tryAgain,
  unavailable: `${ACCOUNT_MESSAGES.googleError}el acceso con Google no está disponible en este momento.`,
  unreachable: `${ACCOUNT_MESSAGES.googleError}no pudimos comunicarnos con Google. Intenta más tarde.`,
  cancelled: `${ACCOUNT_MESSAGES.googleError}cancelaste el acceso con Google.`,
  refused: `${ACCOUNT_MESSAGES.googleError}Google no autorizó el acceso.`,
  unverified: `${ACCOUNT_MESSAGES.googleError}no pudimos verificar tu identidad.`,
  noEmail: `${ACCOUNT_MESSAGES.googleError}tu cuenta de Google no comparte un correo electrónico.`,
  emailNotVerified: `${ACCOUNT_MESSAGES.googleError}el correo de tu cuenta de Google no está verificado.`,
  otherGoogleAccount: `${ACCOUNT_MESSAGES.googleError}este correo ya está vinculado a otra cuenta de Google.`,
} as const

/** A failure of the flow whose message goes to the shopper as it is. */
const googleFailure = (message: string) => new AppError(400, 'error_google', message)

const hasControlCharacter = (text: string) =>
  [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)

/**
 * Only a path of this site, so that the redirect after sign-in can never leave it. Login,
 * registration and logout pages fall back to /home (nobody wants to land there after signing in).
 */
export function safeReturnPath(value: string | undefined): string {
  if (!value || value.length > 1000) return DEFAULT_RETURN_PATH
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || hasControlCharacter(value)) {
    return DEFAULT_RETURN_PATH
  }
  const base = 'http://piel.invalid'
  let url: URL
  try {
    url = new URL(value, base)
  } catch {
    return DEFAULT_RETURN_PATH
  }
  if (url.origin !== base) return DEFAULT_RETURN_PATH
  if (/^\/(login|register|logout)(\/|$)/i.test(url.pathname)) return DEFAULT_RETURN_PATH
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * The pending sign-in travels in a cookie sealed with AES-256-GCM: the browser can neither read
 * the PKCE verifier nor change the state, nonce or return path, and the expiry is inside the seal.
 */
export function createPendingSeal(serverSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'piel', 'google-sign-in pending cookie', 32))
  return {
    seal(pending: PendingSignIn): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(JSON.stringify(pending), 'utf8'), cipher.final()])
      return [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.')
    },
    /** The pending sign-in, or null when the value is missing, forged, altered or expired. */
    open(value: string | undefined, now = Date.now()): PendingSignIn | null {
      if (!value || value.length > 4000) return null
      const [iv, body, tag, extra] = value.split('.')
      if (!iv || !body || !tag || extra !== undefined) return null
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
        decipher.setAuthTag(Buffer.from(tag, 'base64url'))
        const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
        const pending = JSON.parse(text) as PendingSignIn
        return pending.expiresAt > now ? pending : null
      } catch {
        return null
      }
    },
  }
}

function sameText(a: string, b: string): boolean {
  const hash = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(hash(a), hash(b))
}

export interface GoogleClientOptions {
  /** Tests only: lets openid-client use an http:// issuer (the tests' provider on 127.0.0.1). */
  allowHttpIssuer?: boolean
  /** Seconds before a request to the provider is abandoned. */
  timeoutSeconds?: number
}

export interface GoogleSignIn {
  /** The provider's authorization URL to redirect to, and what to keep for the callback. */
  start(returnTo: string, now?: number): Promise<{ authorizationUrl: URL; pending: PendingSignIn }>
  /** Exchanges the code of the callback (checking state, nonce and PKCE) for the verified identity. */
  finish(callbackSearch: string, pending: PendingSignIn): Promise<GoogleIdentity>
}

/** Null when Google sign-in is not configured (the buttons are then hidden). */
export function createGoogleSignIn(config: Config, options: GoogleClientOptions = {}): GoogleSignIn | null {
  const client = googleClientOf(config)
  if (!client) return null
  const redirectUri = new URL(GOOGLE_CALLBACK_PATH, config.PUBLIC_URL).href
  const timeout = options.timeoutSeconds ?? 10

  // Discovery happens on first use and is kept; a failed one is tried again next time.
  let discovered: Promise<oidc.Configuration> | undefined
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(client.issuer), client.clientId, client.clientSecret, undefined, {
        timeout,
        ...(options.allowHttpIssuer ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        discovered = undefined
        throw error
      })
    return discovered.catch((error: unknown) => {
      throw Object.assign(googleFailure(GOOGLE_ERRORS.unreachable), { cause: error })
    })
  }

  return {
    async start(returnTo, now = Date.now()) {
      const oidcConfig = await configuration()
      const pending: PendingSignIn = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        returnTo: safeReturnPath(returnTo),
        expiresAt: now + GOOGLE_PENDING_TTL_SECONDS * 1000,
      }
      const authorizationUrl = oidc.buildAuthorizationUrl(oidcConfig, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: GOOGLE_SCOPE,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      })
      return { authorizationUrl, pending }
    },

    async finish(callbackSearch, pending) {
      const params = new URLSearchParams(callbackSearch)
      // The state is checked here first so that a mismatch is told apart from other failures;
      // openid-client checks it again below, together with the nonce and the PKCE verifier.
      if (!sameText(params.get('state') ?? '', pending.state)) throw googleFailure(GOOGLE_ERRORS.tryAgain)
      const error = params.get('error')
      if (error) throw googleFailure(error === 'access_denied' ? GOOGLE_ERRORS.cancelled : GOOGLE_ERRORS.refused)

      const oidcConfig = await configuration()
      const currentUrl = new URL(redirectUri)
      currentUrl.search = params.toString()
      let claims: oidc.IDToken | undefined
      try {
        const tokens = await oidc.authorizationCodeGrant(oidcConfig, currentUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        })
        claims = tokens.claims()
      } catch (cause) {
        throw Object.assign(googleFailure(classifyGrantError(cause)), { cause })
      }
      if (!claims) throw googleFailure(GOOGLE_ERRORS.unverified)
      const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined)
      return {
        sub: claims.sub,
        email: text(claims.email)?.toLowerCase(),
        // Google sends a boolean; some providers send the string "true".
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        givenName: text(claims.given_name),
        familyName: text(claims.family_name),
        name: text(claims.name),
      }
    },
  }
}

function classifyGrantError(error: unknown): string {
  if (error instanceof oidc.AuthorizationResponseError) {
    return error.error === 'access_denied' ? GOOGLE_ERRORS.cancelled : GOOGLE_ERRORS.refused
  }
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.ClientError) return GOOGLE_ERRORS.unverified
  // fetch failures (TypeError) and timeouts (DOMException TimeoutError/AbortError)
  return GOOGLE_ERRORS.unreachable
}
