import type { CarouselSlide, Catalog, CurrentStore, ProductDetail } from '@piel/contracts'
import type { QueryKey } from '@tanstack/react-query'
import type { Params } from 'react-router'
import { catalogQueries } from '@/features/catalog/api'
import { catalogDetailQueries } from '@/features/catalog/detail-api'
import { parseProductIds } from '@/features/catalog/product-ids'
import { isLegalDocumentSlug, LEGAL_DOCUMENT_HEADS } from '@/features/legal/document-heads'
import { storeQueries } from '@/features/store/api'
import { ApiError } from '@/lib/api-client'
import { paths } from '@/lib/paths'
import { pageTitle } from './page-title'

/**
 * What a page says about itself outside its body: the tab title, and for the public pages the head a
 * search engine or a link preview reads (issue 16). The server writes it into the HTML it renders; in
 * the browser the layout keeps the tab title in step with the same function, so both always agree.
 */
export type PageMeta = {
  title: string
  description?: string
  /** Path (and query) of the page's one address; relative to the shop's public address. */
  canonical?: string
  /** A picture for link previews (Open Graph, Twitter card); relative to the shop's public address. */
  image?: string
  imageAlt?: string
  type?: 'website' | 'product'
  /** Pages not worth an index entry (a keyword search, a missing page). */
  noindex?: boolean
  /** Open Graph `product:price` tags. */
  price?: number
  /** The HTTP status the page means when its address alone says it (a document or product that cannot exist). */
  status?: number
}

/** What a page's meta is computed from: the route and whatever its queries already hold. */
export type MetaContext = {
  params: Params
  search: URLSearchParams
  pathname: string
  store: CurrentStore | undefined
  /** The cached answer of one of the page's queries, if it arrived. */
  data: <T>(queryKey: QueryKey) => T | undefined
  /** Whether one of the page's queries was answered "not found" (404). */
  missing: (queryKey: QueryKey) => boolean
}

/** Route `handle` of the shop's pages. */
export type PageHandle = {
  /** Rendered on the server (public pages); the others arrive as the app's shell and render in the browser. */
  ssr?: boolean
  /** The HTTP status the page means whatever its data (the not-found page). */
  status?: number
  meta?: (context: MetaContext) => PageMeta
  /** The page's schema.org data, built on the server only (`structured-data.ts`): crawlers read it, the app does not. */
  structuredData?: 'home' | 'product'
}

export const DEFAULT_STORE_NAME = 'Piel Dermocosmética'
export const SHOP_DESCRIPTION =
  'Tienda en línea de dermocosmética y cuidado de la piel en Colombia: protección solar, hidratación y productos para piel sensible.'

const storeName = (context: MetaContext) => context.store?.nombre ?? DEFAULT_STORE_NAME
const titled = (label: string, context: MetaContext) => `${label} | ${storeName(context)}`

/** Text for a meta description: one line, at most about 160 characters, cut at a word. */
export function summarize(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`
}

export const homeMeta = (context: MetaContext): PageMeta => {
  const { store } = context
  const city = store ? ` en ${store.ciudad}` : ''
  return {
    title: `${storeName(context)} | Dermocosmética y cuidado de la piel${city}`,
    description: SHOP_DESCRIPTION,
    canonical: paths.home,
    // The first slide of the carousel: the picture the page opens with.
    image: store ? context.data<CarouselSlide[]>(catalogQueries.carousel(store.id).queryKey)?.[0]?.imagen : undefined,
    imageAlt: storeName(context),
    type: 'website',
  }
}

/** The product a detail page shows, once its query answered: its address names one product, not several. */
export function shownProduct(context: MetaContext) {
  const { ids } = parseProductIds(context.params.id ?? '')
  const id = ids.length === 1 ? ids[0] : undefined
  return id === undefined ? undefined : context.data<ProductDetail>(catalogDetailQueries.product(id).queryKey)
}

export const productMeta = (context: MetaContext): PageMeta => {
  // As the page reads its address: one product, several side by side, or none that could exist.
  const { ids } = parseProductIds(context.params.id ?? '')
  if (ids.length === 0) return { ...notFoundMeta(context), status: 404 }
  const id = ids.length === 1 ? ids[0] : undefined
  const product = shownProduct(context)
  if (!product) {
    if (id === undefined) return { title: titled('Comparar productos', context), noindex: true }
    if (context.missing(catalogDetailQueries.product(id).queryKey)) {
      return { title: titled('Producto no encontrado', context), noindex: true }
    }
    return { title: titled('Producto', context) }
  }
  const path = paths.productDetail(product.id)
  return {
    title: titled(product.descripcion, context),
    description: summarize(`${product.marca}. ${product.detalle || product.descripcion}`),
    canonical: path,
    image: product.fotoPrincipal,
    imageAlt: product.descripcion,
    type: 'product',
    price: product.valor,
  }
}

export const productListMeta = (context: MetaContext): PageMeta => {
  const keyword = context.search.get('q')?.trim() ?? ''
  const list = context.store ? paths.storeProducts(context.store.id) : context.pathname
  if (keyword) {
    return { title: titled(`Resultados para «${keyword}»`, context), canonical: list, noindex: true }
  }
  return {
    title: titled('Productos', context),
    description: `Todos los productos de ${storeName(context)}: dermocosmética, protección solar, hidratación y cuidado de la piel, con envío en Colombia.`,
    canonical: list,
    type: 'website',
  }
}

export const catalogsMeta = (context: MetaContext): PageMeta => {
  const catalogId = Number(context.search.get('catalogo'))
  const subcategoryId = Number(context.search.get('sub'))
  const catalogs = context.store
    ? context.data<Catalog[]>(catalogDetailQueries.catalogs(context.store.id).queryKey)
    : undefined
  const catalog = catalogs?.find((item) => item.id === catalogId)
  const subcategory = catalog?.subCategorias.find((item) => item.id === subcategoryId)
  if (!catalog) {
    return {
      title: titled('Catálogos', context),
      description: `Los catálogos de ${storeName(context)}: encuentra productos por tipo de cuidado y necesidad de tu piel.`,
      canonical: paths.catalogs(),
      type: 'website',
    }
  }
  const name = subcategory ? `${subcategory.nombre} · ${catalog.nombre}` : catalog.nombre
  return {
    title: titled(name, context),
    description: `${name}: productos de ${storeName(context)} para el cuidado de la piel, con envío en Colombia.`,
    canonical: paths.catalogs(catalog.id, subcategory?.id),
    type: 'website',
  }
}

export const staticMeta =
  (label: string, path: string, description?: string) =>
  (context: MetaContext): PageMeta => ({
    title: titled(label, context),
    description,
    canonical: path,
    type: 'website',
  })

export const documentMeta = (context: MetaContext): PageMeta => {
  const slug = context.params.slug
  if (!isLegalDocumentSlug(slug)) return { ...notFoundMeta(context), status: 404 }
  const head = LEGAL_DOCUMENT_HEADS[slug]
  return {
    title: titled(head.title, context),
    description: head.summary,
    canonical: `/documentos/${slug}`,
    type: 'website',
  }
}

/** The assistant: its Spanish name ("Asistente de piel | …", `page-title.ts`), with a description and address of its own. */
export const assistantMeta = (context: MetaContext): PageMeta => ({
  title: pageTitle(context.pathname, storeName(context)),
  description:
    'Analiza tu piel con una foto desde tu teléfono: siete aspectos explicados en palabras sencillas y una rutina con productos de la tienda.',
  canonical: paths.chatbot,
  type: 'website',
})

export const notFoundMeta = (context: MetaContext): PageMeta => ({
  title: titled('Página no encontrada', context),
  noindex: true,
})

/** A back-office screen (issue 17): its name, never indexed. */
export const adminMeta =
  (label: string) =>
  (context: MetaContext): PageMeta => ({
    title: titled(`${label} · Administración`, context),
    noindex: true,
  })

/** Pages without a meta of their own keep the rule of spec 000 §2: the first path segment, then the store. */
export const fallbackMeta = (context: MetaContext): PageMeta => ({
  title: pageTitle(context.pathname, storeName(context)),
})

/** The store's query key, which every page's meta reads. */
export const storeQueryKey = storeQueries.current().queryKey

/** A matched route (`route-tree.ts`'s `matchPage`): its params and its handle. */
type MatchLike = { params: Params; route: { handle?: PageHandle } }
type CacheReader = {
  getQueryData: <T>(queryKey: QueryKey) => T | undefined
  getQueryState: (queryKey: QueryKey) => { error: unknown } | undefined
}

/** The deepest matched route that has a meta, and what its meta is computed from (the query cache as it is now). */
export function pageOfMatches(
  matches: readonly MatchLike[],
  location: { pathname: string; search: string },
  cache: CacheReader,
): { handle: PageHandle | undefined; context: MetaContext } {
  const match = [...matches].reverse().find((item) => item.route.handle?.meta)
  const context: MetaContext = {
    params: match?.params ?? {},
    search: new URLSearchParams(location.search),
    pathname: location.pathname,
    store: cache.getQueryData<CurrentStore>(storeQueryKey),
    data: (queryKey) => cache.getQueryData(queryKey),
    missing: (queryKey) => {
      const error = cache.getQueryState(queryKey)?.error
      return error instanceof ApiError && error.status === 404
    },
  }
  return { handle: match?.route.handle, context }
}

/** A page's meta: its route's, or the spec's title rule. */
export const metaOfPage = ({ handle, context }: ReturnType<typeof pageOfMatches>): PageMeta =>
  handle?.meta ? handle.meta(context) : fallbackMeta(context)

/** The meta of the deepest matched route that has one, from what the query cache holds now. */
export const metaForMatches = (...args: Parameters<typeof pageOfMatches>) => metaOfPage(pageOfMatches(...args))
