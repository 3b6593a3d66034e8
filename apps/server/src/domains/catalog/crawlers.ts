import { and, eq, max } from 'drizzle-orm'
import type { Db } from '../../db'
import { catalogs, products, stores, subcategories } from './tables'

/**
 * What search engines and link previews may read (issue 16): `/robots.txt` keeps them out of the
 * API, the account, cart, checkout, payment and upload pages (the assistant is public) and points to `/sitemap.xml`, which
 * lists the public pages with every catalogue and every product for sale, generated from the
 * database (and cached with the catalogue's answers).
 */

/** Paths of the web app that are nobody's business but the shopper's (and the API). */
const PRIVATE_PATHS = [
  '/swagger',
  '/cart',
  '/SendProducts',
  '/PayMethod',
  '/payment-success',
  '/PaymentConfirmationPSE',
  '/OrderDetail',
  '/TracingStepper',
  '/order',
  '/profile',
  '/infoProfile',
  '/direccProfile',
  '/favorites',
  '/login',
  '/register',
  '/logout',
  '/forgot-password',
  '/upload',
  '/admin',
  '/fotos',
  '/mis-fotos',
  '/wompi-pruebas',
]

export function robotsTxt(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '')
  return [
    'User-agent: *',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n')
}

export interface SitemapEntry {
  path: string
  lastModified: Date | null
}

/** The public pages: home, about, contact, the catalogues, each store's products and each product for sale. */
export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const forSale = and(eq(products.active, true), eq(stores.active, true))
  const productRows = await db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(forSale)
    .orderBy(products.id)
  const catalogRows = await db
    .select({ id: catalogs.id, updatedAt: max(products.updatedAt) })
    .from(catalogs)
    .innerJoin(stores, eq(stores.id, catalogs.storeId))
    .innerJoin(subcategories, eq(subcategories.catalogId, catalogs.id))
    .innerJoin(products, eq(products.subcategoryId, subcategories.id))
    .where(forSale)
    .groupBy(catalogs.id)
    .orderBy(catalogs.id)
  const storeRows = await db
    .select({ id: stores.id, updatedAt: max(products.updatedAt) })
    .from(stores)
    .innerJoin(products, eq(products.storeId, stores.id))
    .where(forSale)
    .groupBy(stores.id)
    .orderBy(stores.id)
  const newest = productRows.reduce<Date | null>(
    (latest, row) => (latest === null || row.updatedAt > latest ? row.updatedAt : latest),
    null,
  )
  return [
    { path: '/home', lastModified: newest },
    { path: '/Catalogs', lastModified: newest },
    ...catalogRows.map((row) => ({
      path: `/Catalogs?catalogo=${row.id}`,
      lastModified: row.updatedAt ? new Date(row.updatedAt) : null,
    })),
    ...storeRows.map((row) => ({
      path: `/storeProducts/${row.id}`,
      lastModified: row.updatedAt ? new Date(row.updatedAt) : null,
    })),
    ...productRows.map((row) => ({ path: `/detailProducts/${row.id}`, lastModified: row.updatedAt })),
    { path: '/AboutUs', lastModified: null },
    { path: '/contacts', lastModified: null },
    // The skin assistant: anyone may talk to it; each chat's own code never appears in its address.
    { path: '/chatbot', lastModified: null },
    { path: '/documentos/terminos-y-condiciones', lastModified: null },
    { path: '/documentos/tratamiento-de-datos', lastModified: null },
  ]
}

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  )

export function sitemapXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const base = publicUrl.replace(/\/+$/, '')
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : ''
    return `  <url><loc>${escapeXml(`${base}${entry.path}`)}</loc>${lastmod}</url>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}
