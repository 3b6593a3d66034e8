import type { DehydratedState } from '@tanstack/react-query'
import { ApiError } from '@/lib/api-client'

export { SSR_STATE_ID } from './ssr-state-id'

type EncodedError = { apiError: { status: number; codigo: string; message: string; serverMessage?: string } }

/**
 * The page's query cache as JSON for the browser. A query that failed on the server (a product that
 * does not exist) keeps its `ApiError`, so the page the browser hydrates shows the same message.
 * `<` is escaped, so no text of the data can close the script element.
 */
export function encodeState(state: DehydratedState): string {
  const queries = state.queries.map((query) => {
    const error = query.state.error
    if (!(error instanceof ApiError)) return query
    const encoded: EncodedError = {
      apiError: {
        status: error.status,
        codigo: error.codigo,
        message: error.message,
        serverMessage: error.serverMessage,
      },
    }
    return { ...query, state: { ...query.state, error: encoded, fetchFailureReason: encoded } }
  })
  return JSON.stringify({ ...state, queries }).replace(/</g, '\\u003c')
}

const isEncodedError = (value: unknown): value is EncodedError =>
  typeof value === 'object' && value !== null && 'apiError' in value

/** The server's query cache back, with its errors as `ApiError` again; `undefined` when the block is unreadable. */
export function decodeState(text: string): DehydratedState | undefined {
  try {
    const state = JSON.parse(text) as DehydratedState
    for (const query of state.queries) {
      const error = query.state.error
      if (!isEncodedError(error)) continue
      const { status, codigo, message, serverMessage } = error.apiError
      const revived = new ApiError(status, codigo, message, undefined, serverMessage)
      Object.assign(query.state, { error: revived, fetchFailureReason: revived })
    }
    return state
  } catch {
    return undefined
  }
}
