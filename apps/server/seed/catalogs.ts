import type { SeedCatalog } from './types'

/**
 * Catalogues of the demo store, as a Colombian dermo-cosmetic pharmacy would arrange its shelves.
 * Sub-category keys are unique across the whole catalogue, not only inside their catalogue.
 */
export const seedCatalogs: SeedCatalog[] = [
  {
    key: 'proteccion-solar',
    name: 'Protección solar',
    backgroundColor: '#FFF1DC',
    icon: 'sun',
    subcategories: [
      { key: 'solar-facial', name: 'Protector facial' },
      { key: 'solar-piel-grasa', name: 'Piel grasa y con acné' },
      { key: 'solar-color', name: 'Protector con color' },
      { key: 'solar-corporal', name: 'Corporal y spray' },
      { key: 'solar-ninos', name: 'Niños y bebés' },
    ],
  },
  {
    key: 'limpieza-facial',
    name: 'Limpieza facial',
    backgroundColor: '#E4F2F7',
    icon: 'face',
    subcategories: [
      { key: 'limpieza-geles', name: 'Geles y espumas' },
      { key: 'limpieza-micelares', name: 'Aguas micelares' },
      { key: 'limpieza-suaves', name: 'Limpiadores suaves' },
      { key: 'limpieza-exfoliantes', name: 'Exfoliantes' },
    ],
  },
  {
    key: 'hidratacion',
    name: 'Hidratación',
    backgroundColor: '#E5EEFF',
    icon: 'droplet',
    subcategories: [
      { key: 'hidratacion-cremas', name: 'Cremas faciales' },
      { key: 'hidratacion-geles', name: 'Geles y gel-cremas' },
      { key: 'hidratacion-serums', name: 'Sérums hidratantes' },
      { key: 'hidratacion-mascarillas', name: 'Mascarillas' },
    ],
  },
  {
    key: 'tratamiento',
    name: 'Tratamiento',
    backgroundColor: '#F0E8FA',
    icon: 'flask',
    subcategories: [
      { key: 'tratamiento-acne', name: 'Acné e imperfecciones' },
      { key: 'tratamiento-manchas', name: 'Manchas' },
      { key: 'tratamiento-antiedad', name: 'Antiedad' },
      { key: 'tratamiento-vitamina-c', name: 'Vitamina C y antioxidantes' },
    ],
  },
  {
    key: 'contorno-ojos',
    name: 'Contorno de ojos',
    backgroundColor: '#FBEAF0',
    icon: 'eye',
    subcategories: [
      { key: 'ojos-ojeras', name: 'Ojeras y bolsas' },
      { key: 'ojos-arrugas', name: 'Arrugas y líneas de expresión' },
    ],
  },
  {
    key: 'reparadoras',
    name: 'Reparadoras y piel sensible',
    backgroundColor: '#E6F4EA',
    icon: 'shield',
    subcategories: [
      { key: 'reparadoras-balsamos', name: 'Bálsamos reparadores' },
      { key: 'reparadoras-aguas-termales', name: 'Aguas termales' },
      { key: 'reparadoras-rojeces', name: 'Piel sensible y rojeces' },
      { key: 'reparadoras-atopica', name: 'Piel atópica' },
    ],
  },
  {
    key: 'cuidado-corporal',
    name: 'Cuidado corporal',
    backgroundColor: '#FCEFE3',
    icon: 'body',
    subcategories: [
      { key: 'corporal-lociones', name: 'Lociones hidratantes' },
      { key: 'corporal-cremas', name: 'Cremas multiuso' },
      { key: 'corporal-limpieza', name: 'Limpieza corporal' },
      { key: 'corporal-manos-pies', name: 'Manos y pies' },
    ],
  },
]
