import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render } from '@testing-library/react'
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router'
import { Toaster } from '@/components/ui/toast'

/**
 * Renders route modules as the shop does (TanStack Query, React Router, the notices) at `url`. Retries happen at
 * once, so a test of a failure does not wait for the back-off.
 */
export async function renderRoutes(routes: RouteObject[], url: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retryDelay: 0, refetchOnWindowFocus: false }, mutations: { retryDelay: 0 } },
  })
  const router = createMemoryRouter(routes, { initialEntries: [url] })
  // The router renders in a transition: the first render is awaited, as React asks.
  const view = await act(async () =>
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>,
    ),
  )
  return { ...view, router, queryClient }
}
