import type { RouteModule } from '../../route-tree'

/**
 * The back office's pages, reached from the app's route table through this one module: the table names each
 * page by key, and only this lazily loaded module names their chunks. A shopper's first load then carries none
 * of the back office's chunk names and preload lists (the /home budget, issue 16).
 */
export const adminPages = {
  area: () => import('./admin-area'),
  summary: () => import('./summary'),
  products: () => import('./products'),
  productEdit: () => import('./product-edit'),
  inventory: () => import('./inventory'),
  orders: () => import('./orders'),
  orderDetail: () => import('./order-detail'),
  corporateClients: () => import('./corporate-clients'),
  messages: () => import('./messages'),
  withdrawals: () => import('./withdrawals'),
  catalogs: () => import('./catalogs'),
  carousel: () => import('./carousel'),
  catalogImport: () => import('./catalog-import'),
  errors: () => import('./errors'),
  backups: () => import('./backups'),
  shipping: () => import('./shipping'),
  discountCodes: () => import('./discount-codes'),
  mailPreviews: () => import('./mail-previews'),
  reviews: () => import('./reviews'),
} satisfies Record<string, () => Promise<RouteModule>>

export type AdminPage = keyof typeof adminPages
