import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { clearCookies } from './cookies'
import { server } from './server'

/** The console's message with its `%s` filled in, and the cause of a wrapped error. */
function format([first, ...rest]: unknown[]): string {
  const detail = (arg: unknown): string =>
    arg instanceof Error && arg.cause ? `${arg.message} (${detail(arg.cause)})` : String(arg)
  const text = typeof first === 'string' ? first.replace(/%[sdo]/g, () => detail(rest.shift())) : detail(first)
  return [text, ...rest.map(detail)].join(' ')
}

// React's test mode: renders and events go through act(); Testing Library's waits leave it while they wait.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

// A request no test answered is a mistake in the test (or a call the screen should not make).
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

// An unexpected console.error (a React warning, a failed prop type) fails the test (STYLE.md §2.7).
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error: ${format(args)}`)
  })
})

afterEach(() => {
  cleanup()
  server.resetHandlers()
  vi.restoreAllMocks()
  localStorage.clear()
  sessionStorage.clear()
  clearCookies()
})
