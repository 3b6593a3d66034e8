import '@fontsource-variable/dm-sans'
import './styles.css'
import { hydrate } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { createQueryClient, Providers } from './app/providers'
import { createRouter } from './app/router'
import { decodeState, SSR_STATE_ID } from './app/ssr-state'

const root = document.getElementById('root')
if (!root) throw new Error('Missing #root element')

// A public page arrives rendered by the server with its query cache (issue 16): the browser takes it over
// (hydration) instead of drawing it again; every other page is drawn here.
const serverState = decodeState(document.getElementById(SSR_STATE_ID)?.textContent ?? '')
const queryClient = createQueryClient()
if (serverState) hydrate(queryClient, serverState)
const router = await createRouter(serverState !== undefined)

const app = (
  <StrictMode>
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
)
if (serverState) hydrateRoot(root, app)
else createRoot(root).render(app)
