import type { SkinMeasure, SkinProfile } from '@piel/contracts'
import { WITHDRAWAL_TERM_BUSINESS_DAYS } from '@piel/contracts/values'
import { ACIDS, CHILD_AVOID, PREGNANCY_AVOID, RETINOIDS } from './actives'
import {
  CHILD_PRODUCTS,
  DEFAULT_AGE_MONTHS,
  productsChosenFor,
  profileRules,
  profileSubject,
  type Subject,
} from './profile'
import { CHILD_UNTIL_MONTHS } from './suitability'
import { joinSpanish, normalise, pick } from './text'

export { normalise, PREGNANCY_AVOID }

/**
 * Answers to a shopper's free-text message, offline, as a good dermo-cosmetic counter would: the
 * message is normalised (lower case, no accents, single spaces) and every topic whose key phrases it
 * holds is found (a one-letter typo in a longer word still counts). Then, in order of precedence:
 *
 * 1. An emergency (swelling of the face or throat, trouble breathing) answers alone.
 * 2. Warning signs (a changing mole, an infection, an allergic reaction, a burn with blisters…) end
 *    in "see a doctor" and carry no product.
 * 3. Who the care is for and what they take — a baby or a child, pregnancy or breastfeeding,
 *    isotretinoin or other medicines, said in the message or in the skin profile (profile.ts) — go
 *    first and restrict what follows: a child gets no adult advice, the paediatrician is named and
 *    only fragrance-free products without acids or retinoids that its maker allows at the child's
 *    age are offered (none for what the paediatrician should see); pregnancy, medicines and
 *    sensitivities leave out what they rule out, from the text and from the products. The message's
 *    own statements win for that message: it may speak of someone other than the profile's person.
 * 4. Skin conditions and everyday care, each with the measures and catalogue concerns products are
 *    matched on.
 * 5. The shop (shipping, payments, withdrawal, contact), from the store's own facts, never written
 *    in the advisor's text.
 *
 * Wording stays cosmetic: no diagnosis, no medicine.
 */
export interface MessageReply {
  texto: string
  /** The main topic found (`desconocido` when none). */
  tema: string
  /** Every topic found, in the order answered. */
  temas: string[]
  /** The measures the answer is about (products can be recommended for them). */
  enfoque: SkinMeasure[]
  /** Catalogue concerns (`Preocupación`) beyond the seven measures that products should address. */
  preocupaciones: string[]
  /** Actives no product offered with this answer may contain (catalogue spelling): the message's and the profile's. */
  evitar: string[]
  /** Only products without perfume (a child, a sensitive skin, a fragrance allergy). */
  sinPerfume: boolean
  /** The age in months of the person the answer is for, when known or implied (a baby, a child, a teenager). */
  edadMeses?: number
  /** Pregnancy or breastfeeding (the message's or the profile's): only pregnancy-safe products. */
  embarazo: boolean
  /** The skin profile's concerns, weighed below the message's own. */
  preocupacionesPerfil: string[]
  /** The answer is about a baby's or a child's skin (the message's or the profile's). */
  paraQuien?: 'bebe' | 'nino'
  /** A sentence to add only when products do go with the answer (what they were chosen to respect). */
  siHayProductos?: string
  /** Whether products may be offered with this answer at all. */
  productos: boolean
  /** The least SPF of a sunscreen offered: the one the text names. */
  fpsMinimo?: number
  /** The skin type the message names, when it names one (catalogue spelling). */
  tipoDePiel?: string
  /** `cuerpo` when the message is about the body (legs, hands, "para el cuerpo"), not the face. */
  zona?: 'cuerpo'
  /** Pages of the shop the answer points to. */
  enlaces: { texto: string; ruta: string }[]
  /**
   * The answer is to see a doctor (a warning sign, a condition a doctor treats, a child's skin with
   * nothing that suits it), not to buy a product: none is offered, and the chat hides the products of
   * earlier answers.
   */
  alerta: boolean
  /**
   * A warning sign or a condition a doctor treats: no product at all, not even one asked for by name.
   * (A child's skin with nothing to offer is `alerta` without it: a product asked for by name is still
   * answered, with why it does not suit the child.)
   */
  derivacion: boolean
}

/** What the advisor says about the shop: the store's configuration and data, never its own guess. */
export interface ShopFacts {
  /** The departments the shop delivers to, by name. */
  departamentos: readonly string[]
  /** Whether those are every department of the country. */
  todoElPais?: boolean
  /** The cheapest shipping, COP (the only one when every zone costs the same). */
  envio: number
  /** The dearest shipping, COP, when zones cost differently. */
  envioHasta?: number | undefined
  /** The purchase from which shipping is free, COP, when the store offers it. */
  gratisDesde?: number | null | undefined
  /** Business days an order takes to arrive once confirmed, when the store states it. */
  diasEntrega?: { min: number; max: number } | undefined
}

/** Where the shop delivers and what it costs, as the store's shipping zones say. */
function shippingFacts(facts: ShopFacts): string {
  if (!facts.todoElPais && facts.departamentos.length === 0) {
    return 'Por ahora no estamos haciendo envíos; escríbenos y te contamos cuándo vuelven.'
  }
  const where = facts.todoElPais
    ? 'Enviamos a todo el país'
    : `Por ahora enviamos a direcciones de ${joinSpanish([...facts.departamentos])}`
  const cost =
    facts.envioHasta === undefined || facts.envioHasta === facts.envio
      ? `El envío cuesta ${cop(facts.envio)} por pedido`
      : `El envío cuesta de ${cop(facts.envio)} a ${cop(facts.envioHasta)} por pedido, según la ciudad,`
  const free = facts.gratisDesde ? ` Es gratis en compras desde ${cop(facts.gratisDesde)}.` : ''
  return `${where}. ${cost} y se suma al total, que ves antes de pagar.${free}`
}

/** "El pedido llega en 2 a 5 días hábiles…", or that no time can be promised when the store states none. */
function deliveryTime(days: ShopFacts['diasEntrega']): string {
  if (!days) return 'No puedo prometerte un tiempo de entrega fijo: depende de la ciudad y de la transportadora.'
  const span = days.min === days.max ? `${days.min}` : `${days.min} a ${days.max}`
  return `El pedido llega en ${span} ${days.max === 1 ? 'día hábil' : 'días hábiles'} después de confirmado el pago.`
}

type Level = 'urgencia' | 'alerta' | 'publico' | 'condicion' | 'cuidado' | 'tienda' | 'otro'

interface Topic {
  tema: string
  nivel: Level
  /** Normalised phrases; any one of them present selects the topic. */
  frases: readonly string[]
  /** Patterns on the normalised text that select it too (words in any order, a sign and its place). */
  patrones?: readonly RegExp[]
  /** Phrases that unselect it ("desde niña" is not a child). */
  excepto?: readonly string[]
  /** Phrases that, found anywhere, take every product away and answer with this topic (a prescription asked for). */
  bloquea?: readonly string[]
  respuestas: readonly string[] | ((facts: ShopFacts) => readonly string[])
  /** The answer when the message also speaks of pregnancy or breastfeeding. */
  enEmbarazo?: string
  /** Actives the answer recommends: when the person must avoid any of them, `sinEsos` is said instead. */
  nombra?: readonly string[]
  sinEsos?: string
  /**
   * For a baby's or a child's skin: `true` when this answer and products for it suit a child (with the
   * child's restrictions), or the child's own wording. Absent: the paediatrician, no product.
   */
  enNinos?: true | string
  /** For a baby under a year this is a warning sign (a sunburn). */
  alertaEnBebes?: boolean
  /** Products offered for it carry no perfume (sensitive, atopic, rosacea-prone or burnt skin). */
  sinPerfume?: boolean
  /** Topics whose presence silences this one (their answer already covers it, safely). */
  callaCon?: readonly string[]
  enfoque?: SkinMeasure[]
  preocupaciones?: string[]
  evitar?: readonly string[]
  /** No product is ever offered with this topic. */
  sinProductos?: boolean
  fpsMinimo?: number
  enlaces?: MessageReply['enlaces']
  alerta?: boolean
  /** Phrases that make this topic a warning sign (a burn with blisters). */
  alertaCon?: readonly string[]
}

const DERMATOLOGIST = 'Esto no lo puede valorar una foto ni un cosmético: consulta pronto a un dermatólogo.'

const cop = (value: number) => `$ ${new Intl.NumberFormat('es-CO').format(value)}`

/** Signs that send anyone, a child above all, to a doctor today: fever, oozing, purple spots, a listless child. */
const GENERAL_ALARM = [
  ' fiebre',
  ' supura',
  ' supurando',
  ' le sale liquido',
  ' manchitas moradas',
  ' puntos morados',
  ' puntitos morados',
  ' decaid',
  ' no quiere comer',
  ' llora mucho',
]

/** In order of precedence within each level. */
const TOPICS: readonly Topic[] = [
  {
    tema: 'urgencia',
    nivel: 'urgencia',
    frases: [
      ' no puedo respirar',
      ' dificultad para respirar',
      ' me cuesta respirar',
      ' me ahogo',
      ' se me hincho la cara',
      ' se me hincharon',
      ' se me esta hinchando',
      ' cara hinchada',
      ' labios hinchados',
      ' lengua hinchada',
      ' garganta hinchada',
      ' se me cierra la garganta',
      ' anafilaxia',
      ' choque alergico',
      ' no puedo tragar',
      ' silba el pecho',
      ' falta de aire',
    ],
    patrones: [
      / (hinch|inflam)\w* (\w+ ){0,4}(cara|labio|labios|boca|lengua|garganta)\b/,
      / (cara|labio|labios|boca|lengua|garganta) (\w+ ){0,3}(hinch|inflam)/,
      / respir\w* (con )?(dificultad|mal)\b/,
    ],
    respuestas: [
      'Si tienes hinchazón de la cara, los labios, la lengua o la garganta, o te cuesta respirar, busca atención médica de urgencias ahora mismo (línea 123). No apliques ningún producto más.',
    ],
    alerta: true,
  },
  {
    tema: 'senal de alarma',
    nivel: 'alerta',
    frases: [
      ' lunar',
      ' peca que cambi',
      ' mancha que cambi',
      ' mancha que crece',
      ' sangra',
      ' herida que no',
      ' no cicatriza',
      ' no sana',
      ' nodulo',
      ' quiste',
      ' bulto',
      ' duele mucho',
      ' duelen mucho',
      ' muy doloros',
      ' llaga',
      ' no cierra',
      ' granos internos',
      ' barros internos',
      ' espinillas internas',
    ],
    patrones: [
      / (lunar|lunares|peca|pecas)\b.* (cambi|crec|grande|oscur|relieve|sangr|pica|antes no|nuev)/,
      / (mancha|manchas)\b.* (crec|relieve|sangr|antes no|cambi\w* de (forma|color|tamano))/,
    ],
    respuestas: [
      `Un lunar o una mancha que cambia de forma, color o tamaño, que sangra o pica, una herida que no cierra, o granos profundos y dolorosos son señales para ver a un especialista. ${DERMATOLOGIST}`,
    ],
    alerta: true,
  },
  {
    tema: 'infeccion',
    nivel: 'alerta',
    frases: [
      ' pus',
      ' infeccion',
      ' infectad',
      ' fuego en el labio',
      ' fuegos',
      ' un fuego',
      ' calentura',
      ' herpes',
      ' impetigo',
      ' costra amarill',
      ' costras amarill',
      ' costras color miel',
      ' hongo',
      ' micosis',
      ' culebrilla',
      ' tina',
    ],
    respuestas: [
      'Los fuegos o calenturas (herpes labial), las costras color miel (impétigo), el pus, los hongos o una zona caliente, roja y dolorosa son infecciones: las trata un médico, a veces con medicamentos que ningún cosmético reemplaza. Mientras tanto no las toques ni las revientes, lávate las manos y no compartas toallas, maquillaje ni labiales. Consulta pronto a un médico o a un dermatólogo.',
    ],
    alerta: true,
  },
  {
    tema: 'reaccion alergica',
    nivel: 'alerta',
    frases: [
      ' alergia',
      ' alergica',
      ' alergico',
      ' ronchas',
      ' roncha',
      ' sarpullido',
      ' urticaria',
      ' me brote',
      ' me broto',
      ' reaccion',
    ],
    patrones: [
      / (nuev[oa]s?|desde que|despues de|me dejo|me causo|me produjo)\b.* (pica|picazon|roj|arde|ardor|brote|ronch|ampoll)/,
    ],
    respuestas: [
      'Si la piel se puso roja, con ronchas, ardor o picazón después de un producto, suspéndelo ya y lava la zona con agua fresca y un limpiador suave; no pruebes otros productos sobre esa piel hasta que se calme. Si la reacción se extiende, hace ampollas o no mejora en dos o tres días, consulta a un médico o a un dermatólogo. Si se hinchan los labios, los párpados o la garganta, o te cuesta respirar, ve a urgencias (línea 123).',
    ],
    alerta: true,
  },
  {
    // Fever, oozing, a rash that spreads, purple spots, a listless child: a doctor today, whatever the skin.
    tema: 'alarma general',
    nivel: 'alerta',
    frases: GENERAL_ALARM,
    patrones: [
      / (brote|ronchas|granitos|sarpullido|rojez|manchas|eccema|eczema|dermatitis|lesiones)\b.* (se (me |le )?(esta )?(extiende|extendiendo|riega|regando)|se (me |le )?(esta )?(llenando|brotando) (todo|toda))/,
    ],
    alertaCon: [...GENERAL_ALARM, ' extiende', ' extendiendo', ' riega', ' regando', ' llenando', ' brotando'],
    callaCon: ['quemadura solar', 'urgencia'],
    respuestas: [
      'Fiebre, una piel que supura, un brote que se extiende rápido, manchitas moradas o un niño decaído o que no quiere comer son señales para ver hoy a un médico (si es un niño, a su pediatra) o ir a urgencias; mientras tanto no apliques productos nuevos sobre esa piel.',
    ],
  },
  {
    tema: 'quemadura solar',
    nivel: 'condicion',
    frases: [
      ' quemadura',
      ' me queme',
      ' me quemo el sol',
      ' quemado por el sol',
      ' quemada por el sol',
      ' quemada del sol',
      ' quemado del sol',
      ' insolacion',
      ' me insole',
      ' se me pelo la',
      ' se me pelaron',
      ' pelando por el sol',
      ' como un camaron',
    ],
    patrones: [/ (se|me|te|nos|le) quem\w* (\w+ ){0,4}(sol|playa|piscina|paseo)\b/],
    alertaCon: [' ampolla', ' fiebre', ' escalofrio', ' vomit', ' mareo', ' desmay'],
    respuestas: [
      'Para una quemadura de sol leve: agua fresca (no hielo), una crema calmante o reparadora sin perfume, beber agua y nada de sol hasta que sane; no revientes las ampollas ni peles la piel. Si salen ampollas en una zona grande, hay fiebre, escalofríos, mareo o mucho dolor, o es un niño pequeño, consulta a un médico.',
    ],
    enNinos:
      'Para una quemadura de sol leve en un niño: agua fresca (no hielo), ropa suelta, que beba agua y una crema calmante o reparadora sin perfume apta para su edad; nada de sol hasta que sane. Si salen ampollas, tiene fiebre, vómito, está decaído o le duele mucho, llévalo hoy a su pediatra.',
    alertaEnBebes: true,
    enfoque: ['redness'],
    preocupaciones: ['Irritación', 'Sensibilidad'],
    evitar: [...RETINOIDS, ...ACIDS, 'Vitamina C'],
    sinPerfume: true,
  },
  {
    tema: 'bebes y ninos',
    nivel: 'publico',
    frases: [
      ' bebe',
      ' bebes',
      ' recien nacid',
      ' meses de nacid',
      ' panal',
      ' costra lactea',
      ' mi hijo',
      ' mi hija',
      ' mis hijos',
      ' mi nino',
      ' mi nina',
      ' mi nene',
      ' mi nena',
      ' ninos',
      ' ninas',
      ' nino ',
      ' nina ',
      ' infantil',
      ' pediatric',
      ' bb ',
    ],
    excepto: [' desde nina', ' desde nino', ' desde pequen', ' cuando era nin', ' de nina ', ' de nino '],
    respuestas: [
      'La piel de un bebé o de un niño es más delgada y absorbe más lo que se le aplica: no uses en ella exfoliantes, ácidos, retinoides, perfumes ni productos para adultos, y pocos productos, pensados para su edad. Para el sol, en menores de 6 meses sombra y ropa en vez de protector; después, uno pediátrico. Granitos, manchas, brotes o una resequedad que no mejora los debe ver su pediatra.',
    ],
  },
  {
    tema: 'embarazo',
    nivel: 'publico',
    frases: [
      ' embaraz',
      ' lactancia',
      ' lactando',
      ' lactante',
      ' amamant',
      ' gestacion',
      ' gestante',
      ' dando pecho',
      ' pregnant',
      ' breastfeeding',
    ],
    respuestas: [
      'Durante el embarazo y la lactancia se evitan los retinoides (retinol, retinal, tretinoína, adapaleno), la hidroquinona y los peelings fuertes de ácido salicílico. Suelen considerarse adecuados el ácido azelaico, la niacinamida, la vitamina C, el ácido hialurónico y los protectores solares minerales (óxido de zinc, dióxido de titanio). Confírmalo siempre con tu médico o dermatólogo; los productos que te muestro no llevan esos activos.',
    ],
    evitar: PREGNANCY_AVOID,
  },
  {
    tema: 'isotretinoina',
    nivel: 'publico',
    frases: [' isotretinoin', ' roacutan', ' acnotren', ' curacne', ' isoface', ' isotrex'],
    respuestas: [
      'Con isotretinoína la piel y los labios se resecan mucho: es lo esperable. Mientras dure el tratamiento: limpiador suave sin jabón, crema reparadora o emoliente (ceramidas, pantenol, glicerina) varias veces al día, bálsamo labial a menudo y protector solar FPS 50 cada día, porque la piel se quema con facilidad. Evita exfoliantes, ácidos (salicílico, glicólico), retinol, peróxido de benzoilo, cera y láser. Cualquier otro producto o molestia, coméntalo con el dermatólogo que te la formuló; y si puedes quedar en embarazo, sigue sus controles al pie de la letra.',
    ],
    enfoque: ['texture'],
    preocupaciones: ['Deshidratación', 'Irritación'],
    evitar: [...RETINOIDS, ...ACIDS, 'Peróxido de benzoilo'],
    fpsMinimo: 50,
  },
  {
    tema: 'medicamentos',
    nivel: 'publico',
    frases: [
      ' tretinoina',
      ' adapaleno',
      ' differin',
      ' epiduo',
      ' acido retinoico',
      ' anticoagul',
      ' warfarina',
      ' corticoid',
      ' cortisona',
      ' betametasona',
      ' hidrocortisona',
      ' clobetasol',
      ' me recetaron',
      ' me formularon',
      ' medicamento',
      ' doxiciclina',
      ' minociclina',
      ' tetraciclina',
      ' clindamicina',
      ' espironolactona',
      ' anticonceptiv',
    ],
    respuestas: [
      'Si usas un medicamento para la piel (tretinoína, adapaleno, corticoides en crema…), tomas antibióticos para el acné o anticoagulantes, sigue las indicaciones de quien te lo formuló: no sumes por tu cuenta retinol, ácidos ni exfoliantes, que irritan más la piel tratada, y no lo suspendas sin consultarlo con tu médico o dermatólogo. Los corticoides en crema no se usan en la cara más tiempo del indicado. Algunos antibióticos hacen la piel más sensible al sol: usa protector FPS 50 cada día. Con anticoagulantes, un morado grande o que aparece sin golpe se consulta al médico. Como apoyo suelen ir bien un limpiador suave y una hidratante sin fragancia.',
    ],
    evitar: [...RETINOIDS, ...ACIDS],
    fpsMinimo: 50,
  },
  {
    tema: 'dermatitis atopica',
    nivel: 'condicion',
    frases: [' atopic', ' eczema', ' eccema', ' dermatitis atop'],
    respuestas: [
      'La piel atópica necesita reparar su barrera cada día: baños cortos con agua tibia, un limpiador sin jabón o aceite de ducha, y un emoliente con ceramidas, glicerina o niacinamida en todo el cuerpo justo después del baño, aunque la piel esté tranquila. Evita las fragancias, la lana y el calor excesivo. En un brote (piel roja, con mucha picazón o que supura) consulta a un dermatólogo: los brotes se tratan con medicamentos.',
    ],
    enNinos:
      'La piel atópica de un niño necesita reparar su barrera cada día: baños cortos con agua tibia, un limpiador sin jabón y una crema emoliente sin perfume en todo el cuerpo justo después del baño, aunque la piel esté tranquila; ropa de algodón y uñas cortas. Si la piel se pone muy roja, pica mucho o no mejora, llévalo a su pediatra o a un dermatólogo: los brotes se tratan con medicamentos.',
    enfoque: ['texture', 'redness'],
    preocupaciones: ['Piel atópica'],
    evitar: [...RETINOIDS, ...ACIDS],
    sinPerfume: true,
  },
  {
    tema: 'dermatitis del panal',
    nivel: 'condicion',
    frases: [' panal', ' panalitis', ' colita', ' pompis', ' escaldad', ' cola rojita'],
    respuestas: [
      'Para la dermatitis del pañal: cambia el pañal a menudo, limpia con agua tibia o un limpiador suave sin perfume (mejor que con pañitos perfumados), seca con toques y deja la piel al aire un rato; en cada cambio, una capa de crema reparadora o de barrera (óxido de zinc, pantenol) sin perfume. Si hay granitos con pus, heridas, fiebre o no mejora en dos o tres días, llévalo a su pediatra.',
    ],
    enNinos: true,
    preocupaciones: ['Irritación'],
    evitar: [...RETINOIDS, ...ACIDS],
    sinPerfume: true,
  },
  {
    tema: 'rosacea',
    nivel: 'condicion',
    frases: [' rosacea', ' cuperosis', ' couperosis'],
    respuestas: [
      'La rosácea se cuida con constancia y suavidad: limpiador suave sin fragancia, hidratante calmante (niacinamida, centella asiática, ácido azelaico) y protector solar mineral cada día. Evita lo que la enciende: sol, calor, picantes, alcohol, agua muy caliente, exfoliantes, ácidos, retinol y productos con alcohol o perfume; la vitamina C pura también puede irritarla. Un dermatólogo debe confirmarla y tratar los brotes con granitos o la rojez que no cede.',
    ],
    enfoque: ['redness'],
    preocupaciones: ['Rojeces', 'Sensibilidad'],
    evitar: [...RETINOIDS, ...ACIDS, 'Vitamina C'],
    sinPerfume: true,
  },
  {
    tema: 'dermatitis perioral',
    nivel: 'condicion',
    frases: [' perioral', ' alrededor de la boca'],
    respuestas: [
      'Los granitos pequeños alrededor de la boca, la nariz o los ojos, con piel que arde o se descama, pueden ser una dermatitis perioral. Empeora con cremas densas, cosméticos oclusivos y sobre todo con corticoides en crema: no los uses. Mientras te ve un dermatólogo (suele tratarse con medicamentos), lava la zona solo con agua y un limpiador muy suave, y deja el maquillaje y las cremas en esa zona.',
    ],
    sinProductos: true,
  },
  {
    tema: 'dermatitis seborreica',
    nivel: 'condicion',
    frases: [' seborreic', ' caspa'],
    respuestas: [
      'La descamación amarillenta y grasosa en las cejas, los lados de la nariz, la frente o el cuero cabelludo, con rojez, suele ser dermatitis seborreica. Va y viene, y se controla con champús y cremas antimicóticas que indica un dermatólogo. Como apoyo: limpiador suave, hidratante ligera sin aceites y nada de rascar las escamas.',
    ],
    sinProductos: true,
  },
  {
    tema: 'cabello y unas',
    nivel: 'condicion',
    frases: [
      ' caida del cabello',
      ' caida de cabello',
      ' caida del pelo',
      ' cae el pelo',
      ' cae el cabello',
      ' cae mucho el pelo',
      ' cae mucho el cabello',
      ' alopecia',
      ' calvicie',
      ' las unas',
      ' mis unas',
      ' una encarnada',
      ' unas quebradizas',
      ' unas debiles',
      ' calva',
      ' frizz',
      ' entradas',
      ' cuero cabelludo',
    ],
    patrones: [
      / (cae|caen|cayendo|caida)\b.* (pelo|cabello)\b/,
      / (pelo|cabello) (\w+ ){0,2}(reseco|seco|quebradizo|maltratado)\b/,
    ],
    respuestas: [
      'El cabello y las uñas los valora un dermatólogo: la caída del cabello puede venir de la tiroides, la anemia, el estrés o las hormonas, y una uña que cambia de color o se engruesa, de hongos. En Piel me dedico al cuidado de la piel del rostro, así que no te recomiendo productos para eso.',
    ],
    sinProductos: true,
  },
  {
    tema: 'manchas',
    nivel: 'cuidado',
    frases: [
      ' mancha',
      ' melasma',
      ' pano',
      ' hiperpigment',
      ' despigment',
      ' cloasma',
      ' marcas oscuras',
      ' marcas de acne',
      ' marcas de los granos',
      ' marcas de granos',
      ' cicatrices oscuras',
    ],
    respuestas: [
      'Para las manchas lo primero es el protector solar FPS 50 cada día, reaplicado (mejor con color: también protege de la luz visible, que oscurece el paño); sin él nada funciona. Como tratamiento ayudan la niacinamida, el ácido azelaico, la vitamina C y el Thiamidol, con constancia de dos o tres meses. Si una mancha cambia de forma, color o tamaño, muéstrasela a un dermatólogo.',
    ],
    enEmbarazo:
      'El paño (melasma) es frecuente en el embarazo y suele aclarar después del parto. La hidroquinona no se usa en el embarazo ni la lactancia; lo que sí ayuda es el protector solar FPS 50 cada día, reaplicado y mejor con color, y el ácido azelaico o la niacinamida.',
    preocupaciones: ['Manchas'],
    fpsMinimo: 50,
  },
  {
    tema: 'protector solar',
    nivel: 'cuidado',
    frases: [' protector', ' bloqueador', ' solar ', ' fps', ' spf', ' reaplic', ' sol '],
    respuestas: [
      'Usa cada mañana un protector de amplio espectro FPS 50, también en días nublados: en Colombia la radiación UV es alta todo el año. Aplica una cantidad generosa (unos dos dedos para rostro y cuello) como último paso de la rutina, y reaplícalo cada 2 a 3 horas al aire libre y después de sudar o nadar.',
    ],
    enNinos:
      'Para protegerlo del sol: sombra, gorra y camiseta en las horas de más sol (de 10 de la mañana a 3 de la tarde) y, en lo que la ropa no cubre, un protector pediátrico FPS 50 resistente al agua, aplicado 20 minutos antes de salir y otra vez cada 2 horas y después del agua. Antes de los 6 meses, nada de protector: sombra y ropa.',
    preocupaciones: ['Protección solar'],
    fpsMinimo: 50,
  },
  {
    tema: 'acne',
    nivel: 'cuidado',
    frases: [
      ' acne',
      ' granito',
      ' grano',
      ' espinilla',
      ' puntos negros',
      ' barros',
      ' barro',
      ' imperfeccion',
      ' brote de granos',
    ],
    callaCon: ['isotretinoina'],
    respuestas: [
      'Para los granitos ayudan el ácido salicílico, el peróxido de benzoilo, la niacinamida y el ácido azelaico, con un limpiador suave dos veces al día y una hidratante ligera no comedogénica. No los aprietes: dejan marcas. Si son profundos, dolorosos o no mejoran en 8 a 12 semanas, consulta a un dermatólogo.',
    ],
    nombra: ['Ácido salicílico', 'Peróxido de benzoilo'],
    sinEsos:
      'Para los granitos, con lo que me cuentas, deja el ácido salicílico y el peróxido de benzoilo: ayudan la niacinamida, el zinc y el ácido azelaico, con un limpiador suave dos veces al día y una hidratante ligera no comedogénica. No los aprietes: dejan marcas. Si son profundos, dolorosos o no mejoran, consulta a un dermatólogo.',
    enEmbarazo:
      'Para los granitos en el embarazo ayudan el ácido azelaico y la niacinamida, con un limpiador suave dos veces al día y una hidratante ligera no comedogénica; el ácido salicílico en peelings y los retinoides se dejan para después. Si son muchos o dolorosos, coméntalo con tu médico.',
    enfoque: ['acne', 'pore'],
  },
  {
    tema: 'piel sensible',
    nivel: 'cuidado',
    frases: [' sensible', ' rojez', ' rojece', ' enrojec', ' irrita', ' arde', ' ardor', ' pica', ' reactiva'],
    respuestas: [
      'Para una piel sensible o enrojecida: pocos productos, sin fragancia ni alcohol, con activos calmantes como niacinamida, centella asiática, pantenol o alantoína; agua tibia, nada de exfoliantes fuertes y protector solar mineral. Si algo arde o pica al aplicarlo, retíralo con agua.',
    ],
    enNinos: true,
    enfoque: ['redness'],
    evitar: [...RETINOIDS, ...ACIDS],
    sinPerfume: true,
  },
  {
    tema: 'ojeras',
    nivel: 'cuidado',
    frases: [' ojera', ' bolsas', ' contorno de ojos', ' parpado'],
    respuestas: [
      'Para las ojeras y las bolsas ayudan los contornos de ojos con cafeína, vitamina K, niacinamida o ácido hialurónico, aplicados con toques suaves del dedo anular, sin frotar. Dormir bien y reducir la sal en la noche ayuda con la hinchazón de la mañana.',
    ],
    enfoque: ['eye_bag'],
  },
  {
    tema: 'antiedad',
    nivel: 'cuidado',
    frases: [
      ' arruga',
      ' antiarruga',
      ' lineas',
      ' patas de gallo',
      ' envejec',
      ' antiedad',
      ' flacidez',
      ' firmeza',
      ' colageno',
      ' anti edad',
      ' retinol',
    ],
    respuestas: [
      'Lo que más protege de las arrugas es el protector solar diario. Para tratarlas ayudan el retinol (de noche, empezando dos o tres noches por semana), los péptidos, la vitamina C y el ácido hialurónico. El retinol no se usa en el embarazo ni la lactancia.',
    ],
    enEmbarazo:
      'Para las líneas de expresión en el embarazo: protector solar diario, vitamina C en la mañana y ácido hialurónico o péptidos; el retinol se deja para después de la lactancia.',
    nombra: ['Retinol'],
    sinEsos:
      'Lo que más protege de las arrugas es el protector solar diario. Para tratarlas, con lo que me cuentas, deja el retinol: ayudan los péptidos, la vitamina C y el ácido hialurónico, y una buena hidratación marca menos las líneas finas.',
    enfoque: ['wrinkle', 'firmness'],
  },
  {
    tema: 'poros y grasa',
    nivel: 'cuidado',
    frases: [' poro', ' grasa', ' brillo', ' graso', ' oleosa', ' grasosa'],
    respuestas: [
      'Para poros visibles y exceso de brillo ayudan la niacinamida, el ácido salicílico y las mascarillas de arcilla, con texturas ligeras no comedogénicas. La piel grasa también necesita hidratación, en gel o fluida.',
    ],
    nombra: ['Ácido salicílico'],
    sinEsos:
      'Para poros visibles y exceso de brillo ayudan la niacinamida, el zinc y las mascarillas de arcilla, con texturas ligeras no comedogénicas; con lo que me cuentas, deja el ácido salicílico. La piel grasa también necesita hidratación, en gel o fluida.',
    enfoque: ['pore'],
  },
  {
    tema: 'piel seca y textura',
    nivel: 'cuidado',
    frases: [' seca', ' reseca', ' descama', ' aspera', ' textura', ' exfolia', ' tirante'],
    callaCon: ['isotretinoina', 'dermatitis atopica'],
    respuestas: [
      'Para una piel seca o áspera ayudan las ceramidas, la urea, el ácido hialurónico y, una a tres veces por semana, un exfoliante suave de ácido láctico o glicólico. Después de exfoliar, hidrata y usa protector solar.',
    ],
    nombra: ['Ácido láctico', 'Ácido glicólico'],
    sinEsos:
      'Para una piel seca o áspera ayudan las ceramidas, la glicerina, el ácido hialurónico y el pantenol, con un limpiador suave sin jabón y una crema que repare la barrera; con lo que me cuentas, deja los exfoliantes y los ácidos.',
    enNinos:
      'Para su piel seca: baño corto con agua tibia, un limpiador suave sin jabón ni perfume y una crema emoliente sin perfume en todo el cuerpo justo después del baño, aunque la piel se vea bien.',
    enfoque: ['texture'],
  },
  {
    tema: 'rutina',
    nivel: 'cuidado',
    frases: [
      ' rutina',
      ' pasos',
      ' que orden',
      ' en que orden',
      ' que me aplico',
      ' que uso en la manana',
      ' en la noche',
    ],
    respuestas: [
      'Una rutina básica: en la mañana, limpiador suave, sérum (vitamina C o niacinamida), hidratante y protector solar; en la noche, desmaquillante o limpiador, tratamiento (retinol o ácidos, no ambos la misma noche) e hidratante. Se aplica de la textura más ligera a la más densa, y cada producto nuevo de a uno, para saber cuál te sienta bien.',
    ],
    nombra: ['Retinol', 'Ácido glicólico', 'Ácido salicílico'],
    sinEsos:
      'Una rutina básica: en la mañana, limpiador suave, sérum (niacinamida o ácido hialurónico), hidratante y protector solar; en la noche, limpiador e hidratante, y un tratamiento solo si no lleva nada de lo que, con lo que me cuentas, debes evitar. Se aplica de la textura más ligera a la más densa, y cada producto nuevo de a uno, para saber cuál te sienta bien.',
  },
  {
    tema: 'uso de un producto',
    nivel: 'cuidado',
    frases: [
      ' como uso',
      ' como se usa',
      ' se usa de',
      ' como se aplica',
      ' como aplico',
      ' cada cuanto',
      ' cuantas veces',
      ' de dia o de noche',
      ' en la manana o en la noche',
    ],
    respuestas: [
      'Cada producto trae en su ficha cómo y cuándo usarlo. Como regla: aplícalo sobre la piel limpia, en la cantidad indicada; los ácidos y el retinol de noche; el protector al final de la mañana. Prueba cada producto nuevo unos días en una zona pequeña antes de usarlo en todo el rostro.',
    ],
  },
  {
    tema: 'envios',
    nivel: 'tienda',
    frases: [
      ' envio',
      ' envian',
      ' enviar',
      ' domicilio',
      ' despacho',
      ' despachan',
      ' cuanto tarda',
      ' llega',
      ' rastre',
      ' seguimiento',
      ' mi pedido',
      ' mi orden',
      ' mandan',
      ' llegan a',
      ' entregan',
    ],
    respuestas: (facts) => [
      `${shippingFacts(facts)} ${deliveryTime(facts.diasEntrega)} En «Mis órdenes» puedes seguir cada pedido paso a paso.`,
    ],
    enlaces: [
      { texto: 'Mis órdenes', ruta: '/order' },
      { texto: 'Contáctanos', ruta: '/contacts' },
    ],
  },
  {
    tema: 'pagos',
    nivel: 'tienda',
    frases: [' pago', ' pagar', ' pse', ' nequi', ' tarjeta', ' efectivo', ' cuotas', ' contraentrega'],
    respuestas: [
      'Puedes pagar con tarjeta de crédito o débito, PSE, Nequi o en efectivo en un punto de pago, a través de Wompi. El pago se elige después de confirmar la dirección de tu pedido; no hay pago contra entrega.',
    ],
    enlaces: [{ texto: 'Ver mi carrito', ruta: '/cart' }],
  },
  {
    tema: 'retracto',
    nivel: 'tienda',
    frases: [' devol', ' retracto', ' retractar', ' reembols', ' garantia', ' cambiar un producto'],
    // A return is not a moment to sell.
    sinProductos: true,
    respuestas: [
      `Tienes derecho de retracto: ${WITHDRAWAL_TERM_BUSINESS_DAYS} días hábiles desde la entrega para devolver tu compra (Ley 1480 de 2011, art. 47). Lo pides desde la página de la orden, en «Mis órdenes», y te devolvemos el dinero cuando recibimos los productos.`,
    ],
    enlaces: [{ texto: 'Mis órdenes', ruta: '/order' }],
  },
  {
    tema: 'contacto',
    nivel: 'tienda',
    frases: [
      ' contact',
      ' telefono',
      ' whatsapp',
      ' correo',
      ' donde quedan',
      ' donde estan ubicad',
      ' horario',
      ' comunico',
      ' comunicar',
      ' hablar con una persona',
      ' hablar con alguien',
      ' servicio al cliente',
      ' asesor',
    ],
    respuestas: ['Puedes escribirnos desde «Contáctanos»; allí están también los datos de la tienda.'],
    enlaces: [{ texto: 'Contáctanos', ruta: '/contacts' }],
  },
  {
    tema: 'fuera de tema',
    nivel: 'otro',
    frases: [' futbol', ' partido', ' receta de', ' chiste', ' politic', ' tarea', ' capital de', ' poema', ' cancion'],
    bloquea: [
      ' prompt',
      ' instrucciones',
      ' contrasena',
      ' password',
      ' ignora',
      ' ignore',
      ' eres un medico',
      ' antibiotico',
      ' receta medica',
      ' recetame',
      ' formulame',
    ],
    respuestas: [
      'Solo puedo ayudarte con el cuidado de la piel y con tus compras en Piel: tu rutina, el protector solar, granitos, manchas, piel sensible, envíos o pagos. No doy diagnósticos ni recetas médicas.',
    ],
    sinProductos: true,
  },
  {
    tema: 'saludo',
    nivel: 'otro',
    frases: [' hola', ' buenas', ' buenos dias', ' buenas tardes', ' buenas noches', ' hey ', ' quiubo', ' saludos'],
    respuestas: [
      '¡Hola! Soy el asistente de piel de Piel. Puedes enviarme una foto de tu rostro para analizarla, o preguntarme por tu rutina, el protector solar, el acné, las ojeras o cualquier duda de cuidado de la piel.',
      '¡Hola! ¿En qué te ayudo? Puedo analizar una foto de tu rostro o resolver tus dudas de cuidado de la piel: rutina, protector solar, granitos, manchas, piel sensible…',
    ],
  },
]

const UNKNOWN = [
  'No estoy seguro de haberte entendido. Puedo ayudarte con tu rutina, el protector solar, granitos, manchas, ojeras, piel sensible o el embarazo, y con envíos y pagos de la tienda. También puedes enviarme una foto de tu rostro para analizarla.',
]

/** At most this many topics of skin care are answered at once. */
const MAX_CARE_TOPICS = 3

/** Whether a and b are at most one edit apart (insertion, deletion, substitution or swap of neighbours). */
function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true
  if (Math.abs(a.length - b.length) > 1) return false
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1)
}

/**
 * Whether the normalised text holds a phrase: as written, or — for a one-word phrase of six letters
 * or more, which is a word's beginning — a word whose beginning is one typo away ("protetor",
 * "embarasada").
 */
function holds(text: string, words: readonly string[], phrase: string): boolean {
  if (text.includes(phrase)) return true
  const word = phrase.trim()
  if (word.includes(' ') || word.length < 6) return false
  return words.some(
    (w) =>
      w.length >= word.length - 1 &&
      [word.length - 1, word.length, word.length + 1].some((n) => oneEditApart(w.slice(0, n), word)),
  )
}

/** Words that put a question on the body, or on the face. */
const BODY_WORDS = [
  ' cuerpo',
  ' corporal',
  ' pierna',
  ' brazo',
  ' manos',
  ' pies',
  ' talon',
  ' espalda',
  ' codo',
  ' rodilla',
]
const FACE_WORDS = [' cara', ' rostro', ' facial', ' frente', ' mejilla', ' nariz', ' cutis', ' ojos', ' labio']

/** Words that make a message about a child a question about skin. */
const SKIN_WORDS = [
  ' piel',
  ' cara',
  ' crema',
  ' protector',
  ' bloqueador',
  ' jabon',
  ' champu',
  ' locion',
  ' sol ',
  ' roj',
]

/** The age a message gives ("de 8 meses", "3 añitos", "tiene 3 semanas de nacido"), in months. */
export function ageInMonths(text: string): number | undefined {
  if (/ (recien nacid|acaba de nacer) /.test(text)) return 0
  const age = text.match(
    / (\d{1,2}|un|una) (ano|anos|anito|anitos|mes|meses|mesecito|mesecitos|semana|semanas|dia|dias) /,
  )
  if (!age) return undefined
  const n = age[1] === 'un' || age[1] === 'una' ? 1 : Number(age[1])
  const unit = age[2] as string
  if (unit.startsWith('semana') || unit.startsWith('dia')) return 0
  return unit.startsWith('mes') ? n : n * 12
}

/** Words that say the skin is a baby's. */
const BABY_WORDS = [
  ' bebe',
  ' bebes',
  ' bb ',
  ' recien nacid',
  ' meses de nacid',
  ' semanas de nacid',
  ' panal',
  ' costra lactea',
]

/** The shopper speaks of their own skin ("tengo…", "mi cara…", "estoy embarazada"). */
const SELF =
  / (tengo|estoy|soy|me (sale|salen|salio|salieron|pica|pican|arde|arden|brota|broto|queme|quemo)|mi (piel|cara|rostro|cutis|frente|nariz|espalda)|para mi|yo) /

/** The skin of another adult ("mi mamá", "mi esposa"): neither the shopper's profile nor a child's. */
const SOMEONE_ELSE =
  / (mi|a mi|para mi) (mama|mami|papa|papi|esposa|esposo|novia|novio|pareja|mujer|marido|abuela|abuelo|hermana|hermano|amiga|amigo|tia|tio|suegra|suegro) /

/** The skin type a message names ("tengo la piel muy grasa", "cutis mixto"), in the catalogue's spelling. */
const SKIN_TYPES: readonly [string, RegExp][] = [
  ['Grasa', / (piel|cutis|cara) (muy |bastante |super |re |algo )?(grasa|grasosa|graso|oleosa)| soy (de piel )?grasa /],
  ['Seca', / (piel|cutis|cara) (muy |bastante |super |re |algo )?(seca|reseca|seco) /],
  ['Mixta', / (piel|cutis) (mixta|mixto) /],
  ['Sensible', / (piel|cutis) (muy |bastante |super |re |algo )?sensible /],
]

/**
 * The answer to a free-text message; `seed` varies the phrasing where a topic has several. `perfil`
 * is the chat's skin profile, applied when the message is about the person it describes.
 */
export function answerMessage(
  message: string,
  seed: string,
  facts: ShopFacts,
  perfil?: SkinProfile | null,
): MessageReply {
  const text = normalise(message)
  const words = text.trim().split(' ')
  const selects = (t: Topic) =>
    (t.frases.some((f) => holds(text, words, f)) || (t.patrones ?? []).some((p) => p.test(text))) &&
    !(t.excepto ?? []).some((f) => text.includes(f))
  const blocked = TOPICS.find((t) => t.bloquea?.some((f) => text.includes(f)))
  let found = TOPICS.filter((t) => selects(t) || t === blocked)
  const age = ageInMonths(text)
  const babyWords = BABY_WORDS.some((w) => text.includes(w))
  // "Mi hija de 15 años tiene granitos": a teenager's skin takes the usual care, for their age. "El
  // bebé" of someone pregnant is not yet born. "La tarea de mi hijo" is not about skin.
  let teenager = false
  if (found.some((t) => t.tema === CHILD)) {
    const aboutSkin =
      found.some((t) => t.tema !== CHILD && t.nivel !== 'tienda' && t.nivel !== 'otro') ||
      SKIN_WORDS.some((w) => text.includes(w)) ||
      babyWords
    teenager = age !== undefined && age >= CHILD_UNTIL_MONTHS && !babyWords
    const unborn = found.some((t) => t.tema === 'embarazo') && age === undefined
    if (teenager || unborn || !aboutSkin) found = found.filter((t) => t.tema !== CHILD)
  }
  const names = new Set(found.map((t) => t.tema))
  found = found.filter((t) => !t.callaCon?.some((other) => names.has(other)))
  const skinCare = found.some((t) => t.nivel === 'publico' || t.nivel === 'condicion' || t.nivel === 'cuidado')

  // Whose skin: the message's own word first, else the profile's person.
  const ofProfile = profileSubject(perfil)
  const childInMessage = found.some((t) => t.tema === CHILD)
  let subject: Subject
  if (childInMessage) {
    if (babyWords || (age !== undefined && age < 24)) subject = 'bebe'
    else if (age !== undefined) subject = 'nino'
    else subject = ofProfile === 'bebe' || ofProfile === 'nino' ? ofProfile : 'nino'
  } else if (teenager || SOMEONE_ELSE.test(text)) subject = 'otro'
  else if (SELF.test(text)) subject = 'yo'
  else subject = ofProfile ?? 'yo'
  const rules = ofProfile !== undefined && subject === ofProfile ? profileRules(perfil) : undefined
  const forChild = subject === 'bebe' || subject === 'nino'
  const childTopic = TOPICS.find((t) => t.tema === CHILD) as Topic
  // The profile's baby or child, named by no word of the message: the child's note answers a question about skin.
  if (forChild && !childInMessage && skinCare) found = [childTopic, ...found]
  const edadMeses = forChild
    ? age !== undefined && age < CHILD_UNTIL_MONTHS
      ? age
      : (rules?.edadMeses ?? DEFAULT_AGE_MONTHS[subject as 'bebe' | 'nino'])
    : teenager
      ? age
      : rules?.edadMeses

  // What no product offered with the answer may be, whatever the answer: the message's and the profile's.
  const unique = <T>(values: T[]) => [...new Set(values)]
  const evitar = unique([
    ...found.flatMap((t) => t.evitar ?? []),
    ...(rules?.evitar ?? []),
    ...(forChild ? CHILD_AVOID : []),
  ])
  const pregnant = (names.has('embarazo') && !forChild) || Boolean(rules?.embarazo)
  const sinPerfume =
    forChild ||
    Boolean(rules?.sinPerfume) ||
    found.some((t) => t.sinPerfume && (t.nivel === 'condicion' || t.nivel === 'cuidado'))

  const tipoDePiel = SKIN_TYPES.find(([, pattern]) => pattern.test(text))?.[0] ?? rules?.tipoDePiel
  const base = {
    enfoque: [] as SkinMeasure[],
    preocupaciones: [] as string[],
    evitar,
    enlaces: [] as MessageReply['enlaces'],
    sinPerfume,
    embarazo: pregnant,
    preocupacionesPerfil: rules?.preocupaciones ?? [],
    derivacion: false,
    ...(tipoDePiel ? { tipoDePiel } : {}),
    ...(forChild ? { paraQuien: subject as 'bebe' | 'nino' } : {}),
    ...(edadMeses !== undefined ? { edadMeses } : {}),
  }
  const answerOf = (topic: Topic) => {
    const options = typeof topic.respuestas === 'function' ? topic.respuestas(facts) : topic.respuestas
    return pick(options, seed, topic.tema)
  }

  const emergency = found.find((t) => t.nivel === 'urgencia')
  if (emergency) {
    return {
      ...base,
      texto: answerOf(emergency),
      tema: emergency.tema,
      temas: [emergency.tema],
      productos: false,
      alerta: true,
      derivacion: true,
    }
  }
  // "No tengo ampollas" is not a blister.
  const said = (phrase: string) =>
    holds(text, words, phrase) && !new RegExp(` (no|sin|ni) (\\w+ ){0,2}${phrase.trim()}`).test(text)
  const babyUnderAYear = forChild && (edadMeses ?? 0) < 12
  const warnings = found.filter(
    (t) => t.alerta || t.alertaCon?.some(said) || (babyUnderAYear && t.alertaEnBebes && t.tema !== CHILD),
  )
  if (warnings.length > 0) {
    // Who it is for still matters to a warning ("mi bebé tiene pus"): the child's note goes with it.
    const shown = [...warnings, ...(forChild ? [childTopic] : [])]
    return {
      ...base,
      texto: shown.map((t) => (t === childTopic ? `${answerOf(t)} ${CHILD_NO_PRODUCTS}` : answerOf(t))).join('\n\n'),
      tema: (warnings[0] as Topic).tema,
      temas: shown.map((t) => t.tema),
      productos: false,
      alerta: true,
      derivacion: true,
    }
  }

  const publics = found.filter((t) => t.nivel === 'publico' && t.tema !== CHILD)
  // A child's skin gets no adult advice at all: the child's note, and only the care that suits a child.
  const conditions = found.filter((t) => t.nivel === 'condicion' || t.nivel === 'cuidado')
  const care = (forChild ? conditions.filter((t) => t.enNinos) : conditions).slice(0, MAX_CARE_TOPICS)
  const shop = found.filter((t) => t.nivel === 'tienda')
  const others = found.filter((t) => t.nivel === 'otro')
  const answered = [...(forChild ? [childTopic] : publics), ...care, ...shop]
  if (blocked) answered.unshift(blocked)
  else if (answered.length === 0 && others.length > 0) answered.push(others[0] as Topic)
  if (answered.length === 0) {
    return {
      ...base,
      texto: pick(UNKNOWN, seed, 'unknown'),
      tema: 'desconocido',
      temas: ['desconocido'],
      productos: false,
      alerta: false,
    }
  }

  const ruledOut = new Set(evitar.map((a) => normalise(a)))
  // Products are matched on what the skin-care topics (and isotretinoin's barrier care) are about.
  const focused = [...(forChild ? [] : publics), ...care]
  const fps = Math.max(0, ...answered.map((t) => t.fpsMinimo ?? 0), rules?.fpsMinimo ?? 0)
  const body = BODY_WORDS.some((w) => text.includes(w)) && !FACE_WORDS.some((w) => text.includes(w))
  let preocupaciones = unique(focused.flatMap((t) => t.preocupaciones ?? []))
  if (body && names.has('piel seca y textura')) preocupaciones.unshift('Resequedad corporal')
  const noProducts = answered.some((t) => t.sinProductos)
  let productos = !noProducts && focused.some((t) => (t.enfoque?.length ?? 0) + (t.preocupaciones?.length ?? 0) > 0)
  // "¿Qué rutina me recomiendas?" with a profile: the routine for its skin type and concerns.
  if (!productos && !noProducts && rules && !forChild && answered.some((t) => t.tema === 'rutina')) {
    preocupaciones = unique([...preocupaciones, ...rules.preocupaciones])
    productos = true
  }
  const preocupacionesPerfil = (rules?.preocupaciones ?? []).filter((c) => !preocupaciones.includes(c))

  const doctor = answered.some((t) => t.sinProductos && (t.nivel === 'publico' || t.nivel === 'condicion'))
  const textOf = (t: Topic) => {
    if (t === childTopic) return productos ? answerOf(t) : `${answerOf(t)} ${CHILD_NO_PRODUCTS}`
    if (forChild && typeof t.enNinos === 'string') return t.enNinos
    if (pregnant && t.enEmbarazo) return t.enEmbarazo
    if (t.sinEsos && t.nombra?.some((a) => ruledOut.has(normalise(a)))) return t.sinEsos
    return answerOf(t)
  }
  // The profile's sentences go with an answer about skin, after it and before the shop's.
  const notes =
    rules && answered.some((t) => t.nivel === 'publico' || t.nivel === 'condicion' || t.nivel === 'cuidado')
      ? rules.notas
          .filter((n) => !n.callaCon || !(names.has(n.callaCon) || (forChild && n.callaCon === CHILD)))
          .map((n) => n.texto)
      : []
  const texts = [...answered.filter((t) => t.nivel !== 'tienda').map(textOf), ...notes, ...shop.map(textOf)]
  const siHayProductos = forChild
    ? CHILD_PRODUCTS
    : rules
      ? productsChosenFor({ evitar, sinPerfume, embarazo: pregnant, ...(edadMeses !== undefined ? { edadMeses } : {}) })
      : undefined
  return {
    ...base,
    texto: texts.join('\n\n'),
    tema: (answered[0] as Topic).tema,
    temas: answered.map((t) => t.tema),
    enfoque: unique(focused.flatMap((t) => t.enfoque ?? [])),
    preocupaciones,
    preocupacionesPerfil,
    ...(body ? { zona: 'cuerpo' as const } : {}),
    evitar,
    sinPerfume,
    embarazo: pregnant,
    enlaces: unique(answered.flatMap((t) => t.enlaces ?? [])),
    productos,
    ...(fps > 0 ? { fpsMinimo: fps } : {}),
    ...(productos && siHayProductos ? { siHayProductos } : {}),
    // A child's skin with nothing to offer, or a condition a doctor treats: the answer is to see them,
    // and no earlier routine stays beside it.
    alerta: doctor || (forChild && !productos),
    derivacion: doctor,
  }
}

const CHILD = 'bebes y ninos'

/** The child's note when no product goes with it. */
const CHILD_NO_PRODUCTS = 'Por eso, para esto no te recomiendo productos.'
