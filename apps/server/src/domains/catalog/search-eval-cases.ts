/**
 * What shoppers type in the search box and which demo products answer them (issue 35): the labels
 * of the search's evaluation (`search-eval.ts`, `npm run eval:search`, `search-eval.test.ts`).
 * Products are named by their reference in the demo catalogue (`apps/server/seed/products.ts`);
 * each list was written by reading the products' names, characteristics and descriptions, not
 * from what the search returns.
 */
export interface SearchCase {
  /** The query as a shopper in Colombia writes it (accents, typos and all). */
  query: string
  /** The demo products that answer it: what the shopper asked for. */
  relevant: readonly string[]
  /** The first `top` results must all be among `relevant`: what the shopper sees first. */
  top: number
}

const EYE_CONTOURS = [
  'ISDIN-KOX-EYES-15G',
  'EUC-ANTIPIG-OJOS-15ML',
  'VICHY-M89-OJOS-15ML',
  'EUC-HYALURON-FILLER-OJOS-15ML',
  'LRP-HYALU-B5-OJOS-15ML',
  'CERAVE-CONTORNO-OJOS-14ML',
]

/** `Zona: Rostro` sunscreens, the children's included (face and body). */
const FACE_SUNSCREENS = [
  'LRP-ANTH-UVMUNE400-50ML',
  'HEL-360-AIRGEL-FPS50-60ML',
  'ISDIN-FWM-FPS50-50ML',
  'ISDIN-FWM-URBAN-FPS30-30ML',
  'VICHY-CS-UVAGE-FPS50-40ML',
  'FTD-BLOQ-FACIAL-FPS50-50ML',
  'HEL-360-STICK-FPS50-25G',
  'EUC-SUN-OILCTRL-FPS50-50ML',
  'HEL-360-ACNIMAT-FPS50-50ML',
  'LRP-ANTH-OILCORRECT-FPS50-50ML',
  'LRP-ANTH-UVMUNE400-COLOR-50ML',
  'BIOD-PHOTO-AQUAFLUIDE-COLOR-40ML',
  'AVENE-SOLAR-FLUIDO-COLOR-50ML',
  'EUC-SUN-PIGMENT-CTRL-FPS50-50ML',
  'HEL-360-CUSHION-FPS50-15G',
  'ISDIN-PED-MINERAL-BABY-FPS50-50ML',
  'BIOD-PHOTODERM-KID-SPRAY-FPS50-200ML',
]

/** Every `Tipo de producto: Protector solar` (not the day creams with an SPF: they are treatments). */
const SUNSCREENS = [
  ...FACE_SUNSCREENS,
  'ISDIN-TRANSP-SPRAY-WET-FPS50-250ML',
  'NIVEA-SUN-PROTHID-FPS50-200ML',
  'LRP-ANTH-SPRAY-INV-FPS50-200ML',
  'EUC-SUN-BODY-DRYTOUCH-FPS50-200ML',
]

const CERAVE = [
  'CERAVE-LIMP-ESPUMOSO-473ML',
  'CERAVE-LIMP-HIDRATANTE-473ML',
  'CERAVE-SA-LIMP-RENOVADOR-236ML',
  'CERAVE-LOC-FACIAL-PM-52ML',
  'CERAVE-SERUM-HA-30ML',
  'CERAVE-CONTORNO-OJOS-14ML',
  'CERAVE-LOC-HIDRATANTE-473ML',
  'CERAVE-CREMA-HIDRATANTE-454G',
]

/** `Ingrediente activo: Niacinamida`. */
const NIACINAMIDE = [
  'HEL-360-ACNIMAT-FPS50-50ML',
  'LRP-ANTH-OILCORRECT-FPS50-50ML',
  'CERAVE-LIMP-ESPUMOSO-473ML',
  'CETAPHIL-LIMP-SUAVE-473ML',
  'LRP-TOLERIANE-LIMP-400ML',
  'CERAVE-SA-LIMP-RENOVADOR-236ML',
  'CERAVE-LOC-FACIAL-PM-52ML',
  'VICHY-M89-PROBIOTIC-30ML',
  'LRP-EFFACLAR-DUOM-40ML',
  'LRP-EFFACLAR-SERUM-30ML',
  'LRP-MELA-B3-SERUM-30ML',
  'CERAVE-CONTORNO-OJOS-14ML',
  'LRP-TOLERIANE-SENSITIVE-40ML',
  'LRP-LIPIKAR-BAUME-APM-400ML',
  'BIOD-ATODERM-CREMA-ULTRA-500ML',
  'CETAPHIL-LOC-HIDRATANTE-473ML',
  'CETAPHIL-CREMA-HUMECTANTE-453G',
  'LRP-LIPIKAR-SYNDET-APM-400ML',
]

const VITAMIN_C_SERUMS = ['ISDIN-FLAVOC-SERUM-30ML', 'SESD-CVIT-SERUM-30ML', 'LRP-PURE-VITC10-30ML']

export const SEARCH_CASES: readonly SearchCase[] = [
  // The two: an eye cream is an eye contour, not a face moisturiser that mentions the eyes.
  { query: 'crema ojos', relevant: EYE_CONTOURS, top: 6 },
  { query: 'contorno de ojos', relevant: EYE_CONTOURS, top: 6 },
  { query: 'crema para ojeras', relevant: EYE_CONTOURS, top: 6 },
  // Sun care, by its name and by the synonym most Colombians use; a first page (12) of sunscreens only.
  { query: 'protector solar', relevant: SUNSCREENS, top: 12 },
  { query: 'bloqueador', relevant: SUNSCREENS, top: 12 },
  { query: 'bloqueador facial', relevant: FACE_SUNSCREENS, top: 5 },
  {
    query: 'protector solar piel grasa',
    relevant: [
      'EUC-SUN-OILCTRL-FPS50-50ML',
      'HEL-360-ACNIMAT-FPS50-50ML',
      'LRP-ANTH-OILCORRECT-FPS50-50ML',
      'EUC-SUN-BODY-DRYTOUCH-FPS50-200ML',
    ],
    top: 3,
  },
  // Children's sunscreens: the Kid spray says "niños"; the Baby one says "bebés".
  {
    query: 'protector solar niños',
    relevant: ['BIOD-PHOTODERM-KID-SPRAY-FPS50-200ML', 'ISDIN-PED-MINERAL-BABY-FPS50-50ML'],
    top: 1,
  },
  { query: 'serum vitamina c', relevant: VITAMIN_C_SERUMS, top: 3 },
  { query: 'vitamina c', relevant: [...VITAMIN_C_SERUMS, 'ISDIN-FWM-URBAN-FPS30-30ML'], top: 3 },
  {
    query: 'ácido hialurónico sérum',
    relevant: [
      'CERAVE-SERUM-HA-30ML',
      'VICHY-MINERAL89-50ML',
      'LRP-HYALU-B5-SERUM-30ML',
      'URIAGE-BARIEDERM-CICA-SERUM-30ML',
      'EUC-ANTIPIG-SERUM-DUAL-30ML',
      'ISDIN-FLAVOC-SERUM-30ML',
    ],
    top: 3,
  },
  // Facial cleansers (gels and exfoliating washes) for oily skin; the ones for dry or sensitive skin are not.
  {
    query: 'limpiador piel grasa',
    relevant: [
      'LRP-EFFACLAR-GEL-400ML',
      'CERAVE-LIMP-ESPUMOSO-473ML',
      'BIOD-SEBIUM-GEL-200ML',
      'AVENE-CLEANANCE-GEL-400ML',
      'NEUT-OILFREE-ACNE-WASH-177ML',
      'CERAVE-SA-LIMP-RENOVADOR-236ML',
      'LRP-EFFACLAR-MICROPEEL-400ML',
    ],
    top: 5,
  },
  {
    query: 'agua micelar',
    relevant: ['BIOD-SENSIBIO-H2O-250ML', 'LRP-MICELAR-ULTRA-400ML', 'EUC-DERMATOCLEAN-MICELAR-400ML'],
    top: 3,
  },
  // A brand, and the brand misspelt as it sounds.
  { query: 'cerave', relevant: CERAVE, top: 8 },
  { query: 'serave', relevant: CERAVE, top: 8 },
  {
    query: 'anthelios',
    relevant: [
      'LRP-ANTH-UVMUNE400-50ML',
      'LRP-ANTH-OILCORRECT-FPS50-50ML',
      'LRP-ANTH-UVMUNE400-COLOR-50ML',
      'LRP-ANTH-SPRAY-INV-FPS50-200ML',
    ],
    top: 4,
  },
  // Actives, spelt right and wrong.
  { query: 'niacinamida', relevant: NIACINAMIDE, top: 12 },
  { query: 'niacinamda', relevant: NIACINAMIDE, top: 12 },
  {
    query: 'urea',
    relevant: [
      'LRP-LIPIKAR-UREA10-400ML',
      'EUC-UREAREPAIR-LOC10-400ML',
      'EUC-UREAREPAIR-DUCHA5-400ML',
      'EUC-UREAREPAIR-PIES10-100ML',
    ],
    top: 4,
  },
  // Concerns (`Preocupación`), written without the accent as most people type them.
  {
    query: 'acne',
    relevant: [
      'HEL-360-ACNIMAT-FPS50-50ML',
      'LRP-EFFACLAR-GEL-400ML',
      'BIOD-SEBIUM-GEL-200ML',
      'AVENE-CLEANANCE-GEL-400ML',
      'NEUT-OILFREE-ACNE-WASH-177ML',
      'CERAVE-SA-LIMP-RENOVADOR-236ML',
      'LRP-EFFACLAR-MICROPEEL-400ML',
      'LRP-EFFACLAR-DUOM-40ML',
      'EUC-DERMOPURE-SERUM-40ML',
      'LRP-EFFACLAR-SERUM-30ML',
    ],
    top: 5,
  },
  {
    query: 'manchas',
    relevant: [
      'LRP-ANTH-UVMUNE400-COLOR-50ML',
      'EUC-SUN-PIGMENT-CTRL-FPS50-50ML',
      'LRP-EFFACLAR-DUOM-40ML',
      'EUC-DERMOPURE-SERUM-40ML',
      'EUC-ANTIPIG-SERUM-DUAL-30ML',
      'EUC-ANTIPIG-DIA-FPS30-50ML',
      'SESD-AZELAC-RU-SERUM-30ML',
      'LRP-MELA-B3-SERUM-30ML',
      'ISDIN-FLAVOC-SERUM-30ML',
      'SESD-CVIT-SERUM-30ML',
      'LRP-PURE-VITC10-30ML',
    ],
    top: 5,
  },
  {
    query: 'antiarrugas',
    relevant: [
      'LRP-HYALU-B5-SERUM-30ML',
      'EUC-HYALURON-FILLER-DIA-FPS15-50ML',
      'NIVEA-Q10-POWER-DIA-FPS30-50ML',
      'VICHY-LIFTACTIV-RETINOL-30ML',
      'ISDIN-FLAVOC-SERUM-30ML',
      'LRP-PURE-VITC10-30ML',
      'EUC-HYALURON-FILLER-OJOS-15ML',
      'LRP-HYALU-B5-OJOS-15ML',
      'CERAVE-CONTORNO-OJOS-14ML',
    ],
    top: 5,
  },
  { query: 'crema de manos', relevant: ['NEUT-NORUEGA-MANOS-56G', 'LRP-CICAPLAST-MANOS-50ML'], top: 2 },
  // More of what shoppers type: a kind of product with what it is for, a texture, an ingredient alone.
  {
    query: 'protector solar con color',
    relevant: [
      'LRP-ANTH-UVMUNE400-COLOR-50ML',
      'BIOD-PHOTO-AQUAFLUIDE-COLOR-40ML',
      'AVENE-SOLAR-FLUIDO-COLOR-50ML',
      'EUC-SUN-PIGMENT-CTRL-FPS50-50ML',
      'HEL-360-CUSHION-FPS50-15G',
    ],
    top: 3,
  },
  {
    query: 'bloqueador niños',
    relevant: ['BIOD-PHOTODERM-KID-SPRAY-FPS50-200ML', 'ISDIN-PED-MINERAL-BABY-FPS50-50ML'],
    top: 1,
  },
  {
    query: 'serum antimanchas',
    relevant: [
      'EUC-DERMOPURE-SERUM-40ML',
      'EUC-ANTIPIG-SERUM-DUAL-30ML',
      'SESD-AZELAC-RU-SERUM-30ML',
      'LRP-MELA-B3-SERUM-30ML',
      'ISDIN-FLAVOC-SERUM-30ML',
      'SESD-CVIT-SERUM-30ML',
      'LRP-PURE-VITC10-30ML',
    ],
    top: 3,
  },
  // Gel cleansers, face or body; not the creamy ones nor the micellar waters.
  {
    query: 'gel limpiador',
    relevant: [
      'LRP-EFFACLAR-GEL-400ML',
      'CERAVE-LIMP-ESPUMOSO-473ML',
      'BIOD-SEBIUM-GEL-200ML',
      'AVENE-CLEANANCE-GEL-400ML',
      'NEUT-OILFREE-ACNE-WASH-177ML',
      'AVENE-CICALFATE-GEL-LIMP-200ML',
      'CERAVE-SA-LIMP-RENOVADOR-236ML',
      'LRP-EFFACLAR-MICROPEEL-400ML',
    ],
    top: 5,
  },
  {
    query: 'exfoliante',
    relevant: ['CERAVE-SA-LIMP-RENOVADOR-236ML', 'LRP-EFFACLAR-MICROPEEL-400ML', 'LRP-EFFACLAR-SERUM-30ML'],
    top: 2,
  },
  // The repair creams (cica), the hand one and CeraVe's eye cream that is called so too.
  {
    query: 'crema reparadora',
    relevant: [
      'LRP-CICAPLAST-B5-40ML',
      'AVENE-CICALFATE-CREMA-40ML',
      'BIOD-CICABIO-CREMA-40ML',
      'URIAGE-BARIEDERM-CICACREME-40ML',
      'LRP-CICAPLAST-MANOS-50ML',
      'CERAVE-CONTORNO-OJOS-14ML',
    ],
    top: 3,
  },
  {
    query: 'agua termal',
    relevant: ['AVENE-AGUA-TERMAL-150ML', 'LRP-AGUA-TERMAL-150ML', 'URIAGE-AGUA-TERMAL-150ML'],
    top: 3,
  },
  {
    query: 'piel atopica',
    relevant: [
      'LRP-LIPIKAR-BAUME-APM-400ML',
      'BIOD-ATODERM-CREMA-ULTRA-500ML',
      'EUC-ATOPICONTROL-LOCION-400ML',
      'AVENE-XERACALM-AD-CREMA-200ML',
      'LRP-LIPIKAR-SYNDET-APM-400ML',
    ],
    top: 3,
  },
  { query: 'retinol', relevant: ['VICHY-LIFTACTIV-RETINOL-30ML'], top: 1 },
]
