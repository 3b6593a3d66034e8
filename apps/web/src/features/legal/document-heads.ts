/**
 * The legal documents' names and one-line summaries, apart from their long texts (`documents.ts`), so
 * that a page's head and the tab title can name a document without loading it (issue 16).
 */
export const LEGAL_DOCUMENT_HEADS = {
  'terminos-y-condiciones': {
    title: 'Términos y condiciones de venta',
    summary: 'Las reglas de compra en nuestra tienda en línea y tus derechos como consumidor.',
  },
  'tratamiento-de-datos': {
    title: 'Política de tratamiento de datos personales',
    summary: 'Qué datos personales tratamos, para qué los usamos y cómo puedes ejercer tus derechos.',
  },
} as const

export type LegalDocumentSlug = keyof typeof LEGAL_DOCUMENT_HEADS

export const isLegalDocumentSlug = (slug: string | undefined): slug is LegalDocumentSlug =>
  slug !== undefined && Object.hasOwn(LEGAL_DOCUMENT_HEADS, slug)
