import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

/**
 * A real OpenID Connect provider (`oidc-provider`) on 127.0.0.1 over http, standing in for
 * Google in tests: one confidential client, PKCE required, and the claims Google puts in its ID
 * tokens (`email`, `email_verified`, `given_name`, `family_name`). Its development login and
 * consent pages are filled in by `signInAtProvider`, the way a browser would.
 */
export interface TestIdentity {
  sub: string
  email: string
  email_verified: boolean
  given_name?: string
  family_name?: string
}

export interface TestOidcProvider {
  issuer: string
  /** Identities the provider knows, by `sub`; tests add or change them at will. */
  identities: Map<string, TestIdentity>
  close(): Promise<void>
}

export async function startTestOidcProvider(client: {
  clientId: string
  clientSecret: string
  redirectUri: string
}): Promise<TestOidcProvider> {
  let handle: RequestListener = (_request, response) => {
    response.statusCode = 503
    response.end()
  }
  const server = createServer((request, response) => handle(request, response))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const identities = new Map<string, TestIdentity>()
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // Like Google: the profile and e-mail claims travel in the ID token itself.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => {
      const identity = identities.get(sub)
      if (!identity) return undefined
      return {
        accountId: sub,
        claims: () => ({
          ...identity,
          name: [identity.given_name, identity.family_name].filter(Boolean).join(' '),
        }),
      }
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'RS256' }] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
  })
  handle = provider.callback()

  return {
    issuer,
    identities,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

/**
 * Plays the browser at the provider: follows its redirects with its cookies (`redirect: 'manual'`),
 * submits the login form as `sub` and the consent form, and stops at the first redirect to
 * `redirectUri`, which it returns (the callback URL with `code`, `state` and `iss`).
 */
export async function signInAtProvider(authorizationUrl: string, sub: string, redirectUri: string): Promise<URL> {
  const cookies = new Map<string, string>()
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const separator = pair.indexOf('=')
      cookies.set(pair.slice(0, separator).trim(), pair.slice(separator + 1))
    }
  }

  let request: { url: URL; form?: URLSearchParams } = { url: new URL(authorizationUrl) }
  for (let step = 0; step < 12; step++) {
    const response = await fetch(request.url, {
      redirect: 'manual',
      method: request.form ? 'POST' : 'GET',
      headers: {
        cookie: cookieHeader(),
        ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: request.form?.toString(),
    })
    remember(response)
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, request.url)
      if (next.href.startsWith(redirectUri)) return next
      request = { url: next }
      continue
    }
    const html = await response.text()
    if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${html.slice(0, 500)}`)
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1]
    if (!action || !prompt) throw new Error(`unexpected provider page: ${html.slice(0, 500)}`)
    const form = new URLSearchParams({ prompt })
    if (prompt === 'login') {
      form.set('login', sub)
      form.set('password', 'cualquiera')
    }
    request = { url: new URL(action.replaceAll('&amp;', '&'), request.url), form }
  }
  throw new Error('the provider never redirected back to the client')
}
