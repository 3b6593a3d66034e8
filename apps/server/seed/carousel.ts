/**
 * The demo store's four home slides (spec 000 §2: four banners), as the back office can then change them.
 * The pictures are the generated `banner-1.webp` … `banner-4.webp` (text-free; the copy is written over them).
 * Migration 0022 wrote the same slides for the stores that existed before the carousel came from the database.
 */
export interface SeedSlide {
  eyebrow: string
  title: string
  text: string
  ctaLabel: string
  /** The slide's link for a store: a keyword search in its product list, or the assistant. */
  link: (storeId: number) => string
}

const search = (storeId: number, keyword: string) => `/storeProducts/${storeId}?${new URLSearchParams({ q: keyword })}`

export const seedSlides: readonly SeedSlide[] = [
  {
    eyebrow: 'Protección solar',
    title: 'Protección solar para todos los días',
    text: 'El sol en Colombia es intenso todo el año. Elige un protector de amplio espectro para tu tipo de piel.',
    ctaLabel: 'Ver protectores solares',
    link: (storeId) => search(storeId, 'protector solar'),
  },
  {
    eyebrow: 'Hidratación',
    title: 'Hidratación que tu piel siente',
    text: 'Cremas y sérums con ácido hialurónico y ceramidas para una piel suave y cómoda.',
    ctaLabel: 'Ver hidratantes',
    link: (storeId) => search(storeId, 'hidratante'),
  },
  {
    eyebrow: 'Piel sensible',
    title: 'Cuidado suave para piel sensible',
    text: 'Fórmulas calmantes y sin fragancia para pieles reactivas o con tendencia a las rojeces.',
    ctaLabel: 'Ver piel sensible',
    link: (storeId) => search(storeId, 'piel sensible'),
  },
  {
    eyebrow: 'Asesoría de piel',
    title: 'Conoce tu piel con nuestro asistente',
    text: 'Cuéntale cómo es tu piel y recibe una rutina sugerida con productos de la tienda.',
    ctaLabel: 'Hablar con el asistente',
    link: () => '/chatbot',
  },
]
