/** Every URL the shop links to, in one place (routes of spec 000 §2 and spec 001 §2, plus server documents). */
export const paths = {
  home: '/home',
  aboutUs: '/AboutUs',
  favorites: '/favorites',
  cart: '/cart',
  login: '/login',
  register: '/register',
  logout: '/logout',
  forgotPassword: '/forgot-password',
  profile: '/profile',
  infoProfile: '/infoProfile',
  addresses: '/direccProfile',
  orders: '/order',
  /** Checkout (spec 001 §2): delivery data and order creation; it reads the cart from this browser. */
  checkout: '/SendProducts',
  payMethod: (orderId: number | string) => `/PayMethod/${orderId}`,
  /** Where a paid card or widget payment lands (spec 001 §2): it verifies the transaction and moves on. */
  paymentSuccess: (orderId: number | string, transactionId: string) =>
    `/payment-success?${new URLSearchParams({ orderId: String(orderId), transactionId })}`,
  /** The confirmation page of every payment method (spec 001 §2); PSE's bank returns the shopper here. */
  paymentConfirmation: (orderId: number | string) => `/PaymentConfirmationPSE/${orderId}`,
  orderDetail: (orderId: number | string) => `/OrderDetail/${orderId}`,
  /** The purchase receipt of a paid order, to print or save as PDF (issue 35). */
  orderReceipt: (orderId: number | string) => `/OrderDetail/${orderId}/recibo`,
  orderTracking: (orderId: number | string) => `/TracingStepper/${orderId}`,
  contacts: '/contacts',
  chatbot: '/chatbot',
  /** The phone upload page of the assistant's QR code (spec 001 §2); `code` is the chat's key. */
  upload: (code: string) => `/upload?${new URLSearchParams({ code })}`,
  storeProducts: (storeId: number, keyword?: string) =>
    keyword ? `/storeProducts/${storeId}?${new URLSearchParams({ q: keyword })}` : `/storeProducts/${storeId}`,
  /** Product detail; spec 000 §2 also allows several ids joined by commas. */
  productDetail: (id: number | string) => `/detailProducts/${id}`,
  searchProducts: '/searchProducts',
  /** Catalogues; with a catalogue (and a sub-category) chosen, its products below (`?catalogo=3&sub=5`). */
  catalogs: (catalogId?: number, subcategoryId?: number) => {
    if (catalogId === undefined) return '/Catalogs'
    const query = new URLSearchParams({ catalogo: String(catalogId) })
    if (subcategoryId !== undefined) query.set('sub', String(subcategoryId))
    return `/Catalogs?${query}`
  },
  /** The back office (issue 17), for the shop's administrators. */
  /** The back office's home; its other screens are in `admin-paths.ts`, which only the back office loads. */
  adminHome: '/admin',
  termsDocument: '/documentos/terminos-y-condiciones',
  dataTreatmentDocument: '/documentos/tratamiento-de-datos',
} as const
