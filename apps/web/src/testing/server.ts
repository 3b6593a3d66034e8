import { setupServer } from 'msw/node'

/** The fake API of the component tests: each test adds the answers it needs (`server.use(...)`). */
export const server = setupServer()

/** An address of the store API (`/swagger/api/...`) as MSW matches it, on any origin. */
export const apiPath = (path: string) => `*/swagger/api${path}`
