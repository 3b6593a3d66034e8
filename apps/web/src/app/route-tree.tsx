import {
  type ComponentType,
  createContext,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  use,
  useMemo,
} from 'react'
import { matchRoutes, Outlet, type Params, type RouteObject, useLocation, useRoutes } from 'react-router'
import { CrashBoundary } from './layouts/crash-boundary'
import { PageLoader } from './layouts/page-loader'
import type { PageHandle } from './page-meta'

/** What a lazy route's module exports: its page. */
export type RouteModule = { Component: ComponentType }
type LoadRoute = () => Promise<RouteModule>

/**
 * A route of the shop (decision 016). React Router matches and renders them in its declarative mode; what its
 * data mode gave on top (lazy modules, crash screens, page meta) is this small tree's own.
 */
export type AppRoute = {
  path?: string
  index?: boolean
  /** The page's module, fetched on the first visit (each page is a chunk of its own). */
  load?: LoadRoute
  /** A page or layout shipped with the app's code, or a fixed element (a redirect). */
  Component?: ComponentType
  element?: ReactNode
  /** The page's head tags and whether the server renders it (`page-meta.ts`). */
  handle?: PageHandle
  /**
   * An error below this route shows the crash screen (spec 000 §8) in its place: `page` keeps the frame around
   * it, `full` takes the whole page. Its pages load behind it (the loader shows on a first visit).
   */
  crash?: 'page' | 'full'
  children?: AppRoute[]
}

/** The route objects React Router matches, carrying each `AppRoute`'s handle. */
export type MatchedRoute = RouteObject & { handle?: PageHandle; load?: LoadRoute }

const loaded = new Map<LoadRoute, RouteModule>()
const loading = new Map<LoadRoute, Promise<RouteModule>>()
const lazyPages = new Map<LoadRoute, LazyExoticComponent<ComponentType>>()

/**
 * Fetches a route's module once; later renders draw it at once. A fetch under way is shared (the navigation's
 * preload and the page's render wait for the same one), so a chunk gone after a deploy fails the page once,
 * and its crash screen reloads the new version.
 */
function loadRoute(load: LoadRoute) {
  const module = loaded.get(load)
  if (module) return Promise.resolve(module)
  let pending = loading.get(load)
  if (!pending) {
    pending = load()
      .then((result) => {
        loaded.set(load, result)
        return result
      })
      .finally(() => loading.delete(load))
    loading.set(load, pending)
  }
  return pending
}

/** A lazy page: drawn at once when its module is already here (a hydrated page's), suspended otherwise. */
function RoutePage({ load }: { load: LoadRoute }) {
  const module = loaded.get(load)
  if (module) return <module.Component />
  let Page = lazyPages.get(load)
  if (!Page) {
    Page = lazy(() => loadRoute(load).then(({ Component }) => ({ default: Component })))
    lazyPages.set(load, Page)
  }
  return <Page />
}

function toRouteObject(route: AppRoute): MatchedRoute {
  const { Component, load, crash, children, element } = route
  let view: ReactNode = element ?? null
  if (load) view = <RoutePage load={load} />
  else if (Component) view = <Component />
  else if (children) view = <Outlet />
  if (crash) {
    view = (
      <CrashBoundary fullPage={crash === 'full'}>
        <Suspense fallback={<PageLoader />}>{view}</Suspense>
      </CrashBoundary>
    )
  }
  const base = { element: view, handle: route.handle, load }
  return route.index ? { ...base, index: true } : { ...base, path: route.path, children: children?.map(toRouteObject) }
}

/** The routes as React Router takes them. */
export function routeObjects(routes: AppRoute[]): MatchedRoute[] {
  return routes.map(toRouteObject)
}

export type PageMatch = { params: Params; route: MatchedRoute }

/** The routes matching `pathname`, outermost first (empty when none does). */
export function matchPage(routes: MatchedRoute[], pathname: string): PageMatch[] {
  return (matchRoutes(routes, pathname) ?? []).map(({ params, route }) => ({ params, route: route as MatchedRoute }))
}

/**
 * Fetches, side by side, the modules of the routes matching `pathname`: a page the server rendered is then drawn
 * by the browser exactly as it arrived, and a nested page (the back office's) does not wait for its frame first.
 */
export function preloadRoutes(routes: MatchedRoute[], pathname: string) {
  return Promise.all(matchPage(routes, pathname).flatMap(({ route }) => (route.load ? [loadRoute(route.load)] : [])))
}

const RoutesContext = createContext<MatchedRoute[]>([])

/** The page matching the location, in its layouts. */
export function AppRoutes({ routes }: { routes: MatchedRoute[] }) {
  const page = useRoutes(routes)
  return <RoutesContext value={routes}>{page}</RoutesContext>
}

/** The matched routes of the page shown (outermost first), for its meta. */
export function usePageMatches() {
  const routes = use(RoutesContext)
  const { pathname } = useLocation()
  return useMemo(() => matchPage(routes, pathname), [routes, pathname])
}
