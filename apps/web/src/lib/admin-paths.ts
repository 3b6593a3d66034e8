/**
 * The back office's screens (issue 17). Apart from `paths.ts` because only the back office's own code reads them:
 * a shopper's first load carries none of them (the /home budget, issue 16).
 */
export const adminPaths = {
  home: '/admin',
  orders: '/admin/ordenes',
  /** The order list showing one state only (the list reads `estado` from the address). */
  ordersInState: (statusId: number) => `/admin/ordenes?${new URLSearchParams({ estado: String(statusId) })}`,
  order: (orderId: number | string) => `/admin/ordenes/${orderId}`,
  corporateClients: '/admin/clientes-corporativos',
  products: '/admin/productos',
  newProduct: '/admin/productos/nuevo',
  product: (productId: number | string) => `/admin/productos/${productId}`,
  /** The products by stock, the lowest first, each a step from its inventory movements. */
  inventory: '/admin/inventario',
  productInventory: (productId: number | string) => `/admin/productos/${productId}#inventario`,
  messages: '/admin/mensajes',
  /** The shoppers' withdrawals (retracto, issue 17); `?retracto=7` opens one. */
  withdrawals: '/admin/retractos',
  withdrawal: (withdrawalId: number | string) => `/admin/retractos?retracto=${withdrawalId}`,
  /** The catalogue as a CSV file: download it, upload it back. */
  catalogImport: '/admin/importar',
  /** The catalogue tree: catalogues and their sub-catalogues, their order, colour and icon. */
  catalogs: '/admin/catalogos',
  /** The home page's carousel: its slides, their order and which ones show. */
  carousel: '/admin/carrusel',
  /** The error reports (issue 33): crashes and failed requests, grouped; `?estado=todos&orden=frecuentes`. */
  errors: '/admin/errores',
  /** The backups of the database and the photos: the ones kept, one made now, each to download. */
  backups: '/admin/respaldos',
  /** Shipping (issue 35): the zones delivered to, their cost and days, and the purchase from which it is free. */
  shipping: '/admin/envios',
  /** Discount codes (issue 35): each with its rules, state and what its orders took in. */
  discountCodes: '/admin/codigos',
  /** The shop's e-mails previewed with sample data (issue 35); `?correo=orden-recibida` opens one. */
  mailPreviews: '/admin/correos',
  /** The products' reviews (issue 35): those waiting first; `?producto=12` narrows the list to one product. */
  reviews: '/admin/opiniones',
}
