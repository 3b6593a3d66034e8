import type { CatalogIconName } from '@piel/contracts/values'

/**
 * Shape of the demo catalogue that seeds an empty database. Plain data: `demo-catalog.ts` turns it
 * into rows, and `drawing/images.ts` draws each product's pictures from `image` when the server is built.
 */
export interface SeedSubcategory {
  key: string
  name: string
}

/** Icons the web app knows how to draw for a catalogue tile (the contracts' `CATALOG_ICONS`). */
export type CatalogIcon = CatalogIconName

export interface SeedCatalog {
  key: string
  name: string
  /** CSS colour of the tile background, e.g. '#FDE8E4'. */
  backgroundColor: string
  icon: CatalogIcon
  subcategories: SeedSubcategory[]
}

export type PackageShape = 'tube' | 'bottle' | 'jar' | 'pump' | 'dropper' | 'spray' | 'stick' | 'cushion'

export interface SeedComment {
  author: string
  /** ISO date, e.g. '2026-08-14'. */
  date: string
  text: string
  /** 1..5 */
  rating: number
}

export interface SeedProduct {
  /** Unique reference (SKU), e.g. 'LRP-AHM-UVMUNE400-50'. */
  reference: string
  /** The product name (`descripcion` on the wire), as sold in Colombia. */
  name: string
  /** Long Spanish description (`detalle`): what it does, how to use it. */
  detail: string
  brand: string
  catalogKey: string
  subcategoryKey: string
  /** Shelf price in COP, IVA included, integer. */
  price: number
  /** Discount percent, 0..60. */
  discount: number
  /** Corporate tier: price in COP (IVA included), discount percent and IVA percent. */
  corporatePrice: number
  corporateDiscount: number
  iva: number
  corporateIva: number
  /** Units in stock (some products 0 to show "Agotado", a few with 1..3). */
  stock: number
  /** Units sold so far; orders the "most sold" list on /home. */
  sold: number
  /** INVIMA sanitary registration (NSO code) when the product has one. */
  invima: string | null
  /**
   * Characteristic name → values. Names used across the catalogue: 'Marca', 'Tipo de producto', 'Zona',
   * 'Tipo de piel', 'Preocupación', 'Ingrediente activo', 'Tamaño', 'FPS' (sun care), 'Textura', and what
   * the advisor matches a skin profile on: 'Edad mínima', 'Apto en embarazo', 'Perfume'.
   */
  characteristics: Record<string, string[]>
  comments: SeedComment[]
  /** How the generated product picture looks. */
  image: { shape: PackageShape; color: string; accent: string }
}
