/**
 * The small part of `oidc-provider` (a dev dependency without bundled types) that the tests'
 * OpenID Connect provider uses. See test/oidc-provider.ts.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export interface AccountClaims {
    sub: string
    [claim: string]: unknown
  }

  export interface Account {
    accountId: string
    claims(use: string, scope: string): AccountClaims | Promise<AccountClaims>
  }

  export interface ClientMetadata {
    client_id: string
    client_secret?: string
    redirect_uris: string[]
    grant_types?: string[]
    response_types?: string[]
    token_endpoint_auth_method?: string
  }

  export interface Configuration {
    clients?: ClientMetadata[]
    findAccount?: (ctx: unknown, sub: string) => Account | undefined | Promise<Account | undefined>
    claims?: Record<string, string[] | null>
    conformIdTokenClaims?: boolean
    pkce?: { required?: (ctx: unknown, client: unknown) => boolean }
    features?: Record<string, { enabled: boolean }>
    cookies?: { keys?: string[] }
    jwks?: { keys: object[] }
    ttl?: Record<string, number>
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration)
    callback(): (request: IncomingMessage, response: ServerResponse) => void
  }
}
