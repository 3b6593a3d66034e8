/**
 * Spanish names of the pages whose address is not Spanish or not readable (issue 35: a shopper read
 * "DireccProfile" in the tab), by the first path segment in lower case.
 */
const PAGE_NAMES: Record<string, string> = {
  cart: 'Carro de compras',
  favorites: 'Favoritos',
  login: 'Iniciar sesión',
  register: 'Registro',
  'forgot-password': 'Recuperar clave',
  logout: 'Cerrar sesión',
  profile: 'Mi perfil',
  infoprofile: 'Mi perfil',
  direccprofile: 'Mis direcciones',
  sendproducts: 'Finalizar compra',
  paymethod: 'Pago de la orden',
  paymentconfirmationpse: 'Confirmación del pago',
  'payment-success': 'Pago recibido',
  order: 'Mis órdenes',
  orderdetail: 'Detalle de la orden',
  tracingstepper: 'Seguimiento de la orden',
  chatbot: 'Asistente de piel',
  upload: 'Subir foto',
}

/**
 * The tab title of a page without a title of its own: its Spanish name, or, for an address not listed, the rule
 * of spec 000 §2 (the first path segment with its first letter capitalised), then the store name.
 * `pageTitle('/direccProfile', 'Piel')` → "Mis direcciones | Piel"; `pageTitle('/otra')` → "Otra".
 */
export function pageTitle(pathname: string, storeName?: string): string {
  const raw = pathname.split('/').find(Boolean) ?? 'home'
  let segment = raw
  try {
    segment = decodeURIComponent(raw)
  } catch {
    // A malformed escape stays as typed.
  }
  // An order's receipt (`/OrderDetail/:id/recibo`) is a page of its own.
  const label = /^\/orderdetail\/[^/]+\/recibo\/?$/i.test(pathname)
    ? 'Comprobante de compra'
    : (PAGE_NAMES[segment.toLowerCase()] ?? segment.charAt(0).toUpperCase() + segment.slice(1))
  return storeName ? `${label} | ${storeName}` : label
}
