import type { CurrentStore } from '@piel/contracts'
import { paths } from '@/lib/paths'
import { type MetaContext, type PageHandle, shownProduct, summarize } from './page-meta'

/*
 * schema.org data of the public pages (issue 16), written by the server into their head as JSON-LD: search engines
 * read it, the app never does, so it lives apart from `page-meta.ts` and never reaches the browser's code.
 */

type JsonLd = Record<string, unknown>

/** An address of this shop made absolute with its public address (`urlPublica`). */
export const absolute = (path: string, store: CurrentStore | undefined) =>
  store && path.startsWith('/') ? new URL(path, store.urlPublica).toString() : path

const organization = (store: CurrentStore) => ({
  '@type': 'Organization',
  '@id': absolute('/#organizacion', store),
  name: store.nombre,
  legalName: store.razonSocial,
  url: absolute(paths.home, store),
  logo: absolute('/favicon.svg', store),
  email: store.correo,
  telephone: store.telefono,
  address: {
    '@type': 'PostalAddress',
    streetAddress: store.direccion,
    addressLocality: store.ciudad,
    addressCountry: 'CO',
  },
  sameAs: Object.values(store.redesSociales).filter((url): url is string => Boolean(url)),
})

function breadcrumbs(items: { name: string; path: string }[], store: CurrentStore) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absolute(item.path, store),
    })),
  }
}

function homeData(store: CurrentStore): JsonLd[] {
  return [
    { '@context': 'https://schema.org', ...organization(store) },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: store.nombre,
      url: absolute(paths.home, store),
      inLanguage: 'es-CO',
      publisher: { '@id': absolute('/#organizacion', store) },
      potentialAction: {
        '@type': 'SearchAction',
        target: {
          '@type': 'EntryPoint',
          urlTemplate: absolute(`/storeProducts/${store.id}?q={search_term_string}`, store),
        },
        'query-input': 'required name=search_term_string',
      },
    },
  ]
}

function productData(context: MetaContext, store: CurrentStore): JsonLd[] {
  const product = shownProduct(context)
  if (!product) return []
  const path = paths.productDetail(product.id)
  const reviews = product.comments.length
  const rating = reviews > 0 ? product.comments.reduce((sum, c) => sum + c.calificacion1, 0) / reviews : 0
  const catalogPath = product.idCatalogo != null ? paths.catalogs(product.idCatalogo) : paths.catalogs()
  const available = product.cantidad > 0 && !product.agotado
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.descripcion,
      description: summarize(product.detalle || product.descripcion, 500),
      sku: product.referencia,
      image: [product.fotoPrincipal, ...product.imagenes]
        .filter((url, index, all) => all.indexOf(url) === index)
        .map((url) => absolute(url, store)),
      brand: { '@type': 'Brand', name: product.marca },
      url: absolute(path, store),
      offers: {
        '@type': 'Offer',
        url: absolute(path, store),
        price: product.valor,
        priceCurrency: 'COP',
        availability: `https://schema.org/${available ? 'InStock' : 'OutOfStock'}`,
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Organization', name: store.nombre },
      },
      ...(reviews > 0
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: Math.round(rating * 10) / 10,
              reviewCount: reviews,
              bestRating: 5,
              worstRating: 1,
            },
            review: product.comments.slice(0, 5).map((comment) => ({
              '@type': 'Review',
              ...(comment.titulo ? { name: comment.titulo } : {}),
              author: { '@type': 'Person', name: comment.nombres },
              datePublished: comment.fechaCalificacion,
              reviewBody: comment.comentario,
              reviewRating: { '@type': 'Rating', ratingValue: comment.calificacion1, bestRating: 5 },
            })),
          }
        : {}),
    },
    breadcrumbs(
      [
        { name: 'Inicio', path: paths.home },
        { name: product.nombreCatalogo ?? 'Catálogos', path: catalogPath },
        { name: product.descripcion, path },
      ],
      store,
    ),
  ]
}

/** The JSON-LD blocks of a page, from its route's `structuredData` and what its queries hold. */
export function structuredData(kind: PageHandle['structuredData'], context: MetaContext): JsonLd[] {
  const { store } = context
  if (!store || !kind) return []
  return kind === 'home' ? homeData(store) : productData(context, store)
}
