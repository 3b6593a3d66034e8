/** Pregnancy and breastfeeding: `Apto en embarazo` read as yes, ask the doctor first, or no. */
export type PregnancySafety = 'si' | 'consultar' | 'no'

/** A product of the shop's own catalogue as the advisor reads it (recommend.ts chooses, suitability.ts rules out). */
export interface CatalogueProduct {
  id: number
  nombre: string
  marca: string
  /** `Tipo de producto` values (Sérum, Limpiador, Protector solar…). */
  tipo: readonly string[]
  /** `Preocupación` values (Acné, Rojeces, Arrugas…). */
  preocupaciones: readonly string[]
  /** `Ingrediente activo` values. */
  activos: readonly string[]
  /** `Tipo de piel` values. */
  tiposDePiel: readonly string[]
  /** `Textura` values (Gel, Crema, Fluido…), when given. */
  texturas?: readonly string[]
  /** Sun protection factor, for sunscreens. */
  fps?: number
  /** Where it is applied (from its category): a face routine never takes a body product. Face when absent. */
  zona?: ProductArea
  /** Every area it is for (a balm for face and body): a body question may take it. `[zona]` when absent. */
  zonas?: readonly ProductArea[]
  /** The age from which it may be used, in months (`Edad mínima`); unknown when absent. */
  edadMinimaMeses?: number
  /** `Apto en embarazo`; unknown when absent. */
  aptoEmbarazo?: PregnancySafety
  /** Whether it has perfume (`Perfume`); unknown when absent. */
  perfume?: boolean
  existencia: number
  /** Units sold: breaks ties, and orders the fallback. */
  vendidos: number
}

export type ProductArea = 'rostro' | 'ojos' | 'cuerpo'
