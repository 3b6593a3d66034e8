import type { SkinMeasure } from '@piel/contracts'
import { pick } from './text'

/**
 * Answers to a shopper's free-text message, offline: the message is normalised (lower case, no
 * accents, single spaces), matched against topics by their key phrases, and answered from the
 * advisor's knowledge. Warning signs come first and always end in "see a dermatologist" (or
 * emergency care); skin-care topics name the measures they concern, so the caller can recommend
 * products for them; shop questions point to the shop's own pages. Wording stays cosmetic.
 */
export interface MessageReply {
  texto: string
  /** The topic matched (`desconocido` when none did). */
  tema: string
  /** The measures the answer is about (products can be recommended for them). */
  enfoque: SkinMeasure[]
  /** Pages of the shop the answer points to. */
  enlaces: { texto: string; ruta: string }[]
  /** A warning sign: the answer is to see a dermatologist or a doctor, not to buy a product. */
  alerta: boolean
}

interface Topic {
  tema: string
  /** Normalised phrases; any one of them present selects the topic. */
  frases: readonly string[]
  respuestas: readonly string[]
  enfoque?: SkinMeasure[]
  enlaces?: MessageReply['enlaces']
  alerta?: boolean
}

/** Lower case, accents removed, anything but letters and digits as single spaces. */
export function normalise(text: string): string {
  return ` ${text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `
}

const DERMATOLOGIST = 'Esto no lo puede valorar una foto ni un cosmético: consulta pronto a un dermatólogo.'

/** In order: warning signs first, then skin care, then the shop. The first topic that matches answers. */
const TOPICS: readonly Topic[] = [
  {
    tema: 'urgencia',
    frases: [
      ' no puedo respirar',
      ' dificultad para respirar',
      ' me cuesta respirar',
      ' se me hincho la cara',
      ' labios hinchados',
      ' se me cierra la garganta',
    ],
    respuestas: [
      'Si tienes hinchazón de la cara, los labios o la garganta, o te cuesta respirar, busca atención médica de urgencias ahora mismo (línea 123). No apliques ningún producto más.',
    ],
    alerta: true,
  },
  {
    tema: 'senal de alarma',
    frases: [
      ' lunar',
      ' sangra',
      ' herida que no',
      ' no cicatriza',
      ' nodulo',
      ' quiste',
      ' duele mucho',
      ' ampolla',
      ' sarpullido',
      ' ronchas',
      ' quemadura',
      ' infeccion',
      ' pus',
    ],
    respuestas: [
      `Un lunar que cambia de forma, color o tamaño, que sangra o pica, una herida que no cierra, granos profundos y dolorosos, ampollas o un brote repentino son señales para ver a un especialista. ${DERMATOLOGIST}`,
    ],
    alerta: true,
  },
  {
    tema: 'embarazo',
    frases: [' embaraz', ' lactancia', ' lactando', ' amamant'],
    respuestas: [
      'Durante el embarazo y la lactancia conviene evitar los retinoides (retinol, retinal, tretinoína), la hidroquinona y los peelings fuertes de ácido salicílico. Suelen considerarse adecuados el ácido azelaico, la niacinamida, la vitamina C, el ácido hialurónico y los protectores solares minerales (óxido de zinc, dióxido de titanio). Confírmalo siempre con tu médico o dermatólogo.',
    ],
  },
  {
    tema: 'manchas',
    frases: [' mancha', ' melasma', ' pano', ' hiperpigment', ' despigment'],
    respuestas: [
      'Para las manchas ayudan la vitamina C, la niacinamida y el ácido azelaico, y sobre todo el protector solar cada día, reaplicado: el sol las oscurece. Si una mancha cambia de forma, color o tamaño, muéstrasela a un dermatólogo.',
    ],
  },
  {
    tema: 'protector solar',
    frases: [' protector', ' bloqueador', ' solar ', ' fps', ' spf', ' reaplic', ' sol '],
    respuestas: [
      'Usa cada mañana un protector de amplio espectro FPS 30 o más (50 si pasas tiempo al aire libre), también en días nublados: en Colombia la radiación UV es alta todo el año. Aplica una cantidad generosa (unos dos dedos para rostro y cuello) como último paso de la rutina, y reaplícalo cada 2 a 3 horas al aire libre y después de sudar o nadar.',
    ],
    enfoque: ['wrinkle', 'redness'],
  },
  {
    tema: 'envios',
    frases: [
      ' envio',
      ' domicilio',
      ' despacho',
      ' cuanto tarda',
      ' llega',
      ' rastre',
      ' seguimiento',
      ' mi pedido',
      ' mi orden',
    ],
    respuestas: [
      'Enviamos a toda Colombia. El costo del envío y el total se ven antes de pagar, y en "Mis órdenes" puedes seguir cada pedido paso a paso.',
    ],
    enlaces: [
      { texto: 'Mis órdenes', ruta: '/order' },
      { texto: 'Contáctanos', ruta: '/contacts' },
    ],
  },
  {
    tema: 'rutina',
    frases: [' rutina', ' orden', ' pasos', ' primero', ' que me aplico', ' que uso en la manana', ' en la noche'],
    respuestas: [
      'Una rutina básica: en la mañana, limpiador suave, sérum (vitamina C o niacinamida), hidratante y protector solar; en la noche, desmaquillante o limpiador, tratamiento (retinol o ácidos, no ambos la misma noche) e hidratante. Se aplica de la textura más ligera a la más densa, y cada producto nuevo de a uno, para saber cuál te sienta bien.',
    ],
  },
  {
    tema: 'acne',
    frases: [' acne', ' granito', ' grano', ' espinilla', ' puntos negros', ' barros', ' imperfeccion'],
    respuestas: [
      'Para los granitos ayudan el ácido salicílico, el peróxido de benzoilo, la niacinamida y el ácido azelaico, con un limpiador suave dos veces al día y una hidratante ligera no comedogénica. No los aprietes: dejan marcas. Si son profundos, dolorosos o no mejoran en 8 a 12 semanas, consulta a un dermatólogo.',
    ],
    enfoque: ['acne', 'pore'],
  },
  {
    tema: 'piel sensible',
    frases: [' sensible', ' rojez', ' enrojec', ' irrita', ' arde', ' ardor', ' pica', ' reactiva'],
    respuestas: [
      'Para una piel sensible o enrojecida: pocos productos, sin fragancia ni alcohol, con activos calmantes como niacinamida, centella asiática, pantenol o alantoína; agua tibia, nada de exfoliantes fuertes y protector solar mineral. Si algo arde o pica al aplicarlo, retíralo con agua.',
    ],
    enfoque: ['redness'],
  },
  {
    tema: 'ojeras',
    frases: [' ojera', ' bolsas', ' contorno de ojos', ' parpado'],
    respuestas: [
      'Para ojeras y bolsas ayudan los contornos de ojos con cafeína, vitamina K, niacinamida o ácido hialurónico, aplicados con toques suaves del dedo anular, sin frotar. Dormir bien y reducir la sal en la noche ayuda con la hinchazón de la mañana.',
    ],
    enfoque: ['eye_bag'],
  },
  {
    tema: 'antiedad',
    frases: [' arruga', ' lineas', ' envejec', ' antiedad', ' flacidez', ' firmeza', ' colageno'],
    respuestas: [
      'Lo que más protege de las arrugas es el protector solar diario. Para tratarlas ayudan el retinol (de noche, empezando dos o tres noches por semana), los péptidos, la vitamina C y el ácido hialurónico. El retinol no se usa en el embarazo ni la lactancia.',
    ],
    enfoque: ['wrinkle', 'firmness'],
  },
  {
    tema: 'poros y grasa',
    frases: [' poro', ' grasa', ' brillo', ' graso', ' oleosa'],
    respuestas: [
      'Para poros visibles y exceso de brillo ayudan la niacinamida, el ácido salicílico y las mascarillas de arcilla, con texturas ligeras no comedogénicas. La piel grasa también necesita hidratación, en gel o fluida.',
    ],
    enfoque: ['pore'],
  },
  {
    tema: 'piel seca y textura',
    frases: [' seca', ' reseca', ' descama', ' aspera', ' textura', ' exfolia'],
    respuestas: [
      'Para una piel seca o áspera ayudan las ceramidas, la urea, el ácido hialurónico y, una a tres veces por semana, un exfoliante suave de ácido láctico o glicólico. Después de exfoliar, hidrata y usa protector solar.',
    ],
    enfoque: ['texture'],
  },
  {
    tema: 'uso de un producto',
    frases: [' como uso', ' como se usa', ' como se aplica', ' como aplico', ' cada cuanto', ' cuantas veces'],
    respuestas: [
      'Cada producto trae en su ficha cómo y cuándo usarlo. Como regla: aplícalo sobre la piel limpia, en la cantidad indicada; los ácidos y el retinol de noche; el protector al final de la mañana. Prueba cada producto nuevo unos días en una zona pequeña antes de usarlo en todo el rostro.',
    ],
  },
  {
    tema: 'pagos',
    frases: [' pago', ' pagar', ' pse', ' nequi', ' tarjeta', ' efectivo', ' cuotas'],
    respuestas: [
      'Puedes pagar con tarjeta de crédito o débito, PSE, Nequi o en efectivo en un punto de pago, a través de Wompi. El pago se elige después de confirmar la dirección de tu pedido.',
    ],
    enlaces: [{ texto: 'Ver mi carrito', ruta: '/cart' }],
  },
  {
    tema: 'saludo',
    frases: [' hola ', ' buenas', ' buenos dias', ' buenas tardes', ' buenas noches', ' hey '],
    respuestas: [
      '¡Hola! Soy el asistente de piel de Piel. Puedes enviarme una foto de tu rostro para analizarla, o preguntarme por tu rutina, el protector solar, el acné, las ojeras o cualquier duda de cuidado de la piel.',
      '¡Hola! ¿En qué te ayudo? Puedo analizar una foto de tu rostro o resolver tus dudas de cuidado de la piel: rutina, protector solar, granitos, manchas, piel sensible…',
    ],
  },
]

const UNKNOWN = [
  'No estoy seguro de haberte entendido. Puedo ayudarte con tu rutina, el protector solar, granitos, manchas, ojeras, piel sensible o el embarazo, y con envíos y pagos de la tienda. También puedes enviarme una foto de tu rostro para analizarla.',
]

/** The answer to a free-text message; `seed` varies the phrasing where a topic has several. */
export function answerMessage(message: string, seed: string): MessageReply {
  const text = normalise(message)
  const topic = TOPICS.find((t) => t.frases.some((f) => text.includes(f)))
  if (!topic)
    return { texto: pick(UNKNOWN, seed, 'unknown'), tema: 'desconocido', enfoque: [], enlaces: [], alerta: false }
  return {
    texto: pick(topic.respuestas, seed, topic.tema),
    tema: topic.tema,
    enfoque: topic.enfoque ?? [],
    enlaces: topic.enlaces ?? [],
    alerta: topic.alerta ?? false,
  }
}
