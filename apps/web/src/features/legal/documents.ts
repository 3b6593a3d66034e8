import type { Store } from '@piel/contracts'
import { STOCK_ALERT_KEEP_DAYS, STOCK_ALERT_WAITING_DAYS } from '@piel/contracts/values'
import { paths } from '@/lib/paths'
import { isLegalDocumentSlug, LEGAL_DOCUMENT_HEADS, type LegalDocumentSlug } from './document-heads'

/**
 * The shop's legal documents as data: the terms and conditions of sale (Ley 1480 de 2011) and the personal data
 * treatment policy (Ley 1581 de 2012, Decreto 1377 de 2013). The seller's identity always comes from the store
 * (`Tienda/Actual`), never from this file. Not legal advice: have a lawyer review before relying on them.
 */

/** A piece of running text: plain, or a link to a page of the shop or an outside site. */
export type Inline = string | { text: string; href: string }
export type DocumentBlock = { kind: 'paragraph'; content: Inline[] } | { kind: 'list'; items: Inline[][] }
export type DocumentSection = { id: string; title: string; blocks: DocumentBlock[] }

export type LegalDocument = {
  slug: LegalDocumentSlug
  title: string
  /** One sentence under the title. */
  summary: string
  /** ISO date the text took effect. */
  effectiveDate: string
  sections: (seller: Seller) => DocumentSection[]
}

/**
 * The seller as the documents name it: the store of `Tienda/Actual`, with its phone numbers already formatted
 * for reading (the route formats them).
 */
export type Seller = Pick<
  Store,
  'nombre' | 'razonSocial' | 'nit' | 'direccion' | 'ciudad' | 'telefono' | 'whatsapp' | 'correo' | 'horario'
>

export type { LegalDocumentSlug }

/**
 * How long a face photo of the skin assistant is kept before it is deleted. The assistant must honour this
 * number: the data policy promises it to every shopper.
 */
export const FACE_PHOTO_RETENTION_DAYS = 30

const p = (...content: Inline[]): DocumentBlock => ({ kind: 'paragraph', content })
const list = (...items: (Inline | Inline[])[]): DocumentBlock => ({
  kind: 'list',
  items: items.map((item) => (Array.isArray(item) ? item : [item])),
})
const link = (text: string, href: string): Inline => ({ text, href })

const SIC_URL = 'https://www.sic.gov.co'

/** Ends a sentence with one period, whether or not the store's text already has one ("7:00 p. m."). */
const period = (text: string) => (text.trimEnd().endsWith('.') ? text.trimEnd() : `${text.trimEnd()}.`)

/** The ways to reach the store, shared by both documents. */
function channels(store: Seller): Inline[][] {
  return [
    ['El formulario de ', link('Contacto', paths.contacts), ' de este sitio.'],
    ['Correo electrónico: ', link(store.correo, `mailto:${store.correo}`), '.'],
    [`WhatsApp: ${store.whatsapp}. Teléfono: ${store.telefono}.`],
    [period(`En nuestro local: ${store.direccion}, ${store.ciudad}. ${store.horario}`)],
  ]
}

const termsSections = (store: Seller): DocumentSection[] => [
  {
    id: 'vendedor',
    title: 'Quién vende',
    blocks: [
      p(
        `Este sitio es operado por ${store.razonSocial}, identificada con NIT ${store.nit} (en adelante, «la tienda» o «${store.nombre}»). Sus datos de contacto y de notificación son:`,
      ),
      list(
        `Dirección: ${store.direccion}, ${store.ciudad}.`,
        `Teléfono: ${store.telefono}. WhatsApp: ${store.whatsapp}.`,
        ['Correo electrónico: ', link(store.correo, `mailto:${store.correo}`), '.'],
        period(`Horario de atención: ${store.horario}`),
      ),
      p(
        'Al comprar en este sitio aceptas estos términos, que se rigen por el Estatuto del Consumidor (Ley 1480 de 2011). Nada de lo que aquí se dice limita los derechos que la ley te reconoce como consumidor.',
      ),
    ],
  },
  {
    id: 'productos',
    title: 'Productos e información',
    blocks: [
      p(
        'Vendemos productos dermocosméticos y de cuidado de la piel. En cada producto mostramos su nombre, marca, características, presentación y, cuando lo tiene, su registro sanitario INVIMA (Notificación Sanitaria Obligatoria).',
      ),
      p(
        'Las imágenes son ilustrativas; la descripción escrita es la que describe el producto. Si tienes dudas antes de comprar, escríbenos.',
      ),
      p(
        'Nuestras recomendaciones, incluidas las del asistente de cuidado de la piel, son orientativas y no reemplazan la consulta con un médico dermatólogo.',
      ),
    ],
  },
  {
    id: 'precios',
    title: 'Precios y medios de pago',
    blocks: [
      p(
        'Todos los precios están en pesos colombianos (COP) e incluyen el IVA y los demás impuestos que apliquen. El precio que pagas es el que ves al confirmar el pedido.',
      ),
      p(
        'El costo del envío no está incluido en el precio de los productos: se muestra por separado en el resumen del pedido, antes de pagar.',
      ),
      p(
        'Los descuentos aplican mientras estén publicados y hasta agotar existencias. El precio tachado es el precio del producto antes del descuento.',
      ),
      p(
        'Puedes pagar con los medios que aparecen al finalizar la compra (por ejemplo, tarjeta, PSE o efectivo). Los pagos electrónicos los procesa una pasarela de pagos; la tienda no guarda los datos de tu tarjeta.',
      ),
    ],
  },
  {
    id: 'pedidos',
    title: 'Pedidos',
    blocks: [
      p(
        'Antes de pagar verás un resumen con los productos, las cantidades, el costo del envío, el total y la dirección de entrega. Cuando el pago se confirme te mostraremos la confirmación del pedido, que también puedes consultar en «Órdenes».',
      ),
      p(
        'Si después de tu compra un producto no está disponible, te avisaremos de inmediato y podrás elegir otro o recibir la devolución de lo que pagaste por él.',
      ),
    ],
  },
  {
    id: 'envios',
    title: 'Envíos y entregas',
    blocks: [
      p(
        'Enviamos a las direcciones de los departamentos que se ofrecen al registrar una dirección de entrega. El plazo de entrega se informa al finalizar la compra y, salvo que acordemos otro, no será mayor a 30 días calendario contados desde el día siguiente a tu pedido.',
      ),
      p(
        'Si no cumplimos el plazo, o si el producto no está disponible, puedes cancelar el pedido y te devolvemos todo lo pagado.',
      ),
      p(
        'Revisa tu pedido al recibirlo. Si llega incompleto, abierto o dañado, avísanos cuanto antes por los canales de atención, con fotos si es posible.',
      ),
    ],
  },
  {
    id: 'retracto',
    title: 'Derecho de retracto',
    blocks: [
      p(
        'Como la compra se hace a distancia, tienes derecho de retracto (artículo 47 de la Ley 1480 de 2011): puedes arrepentirte de la compra dentro de los 5 días hábiles siguientes a la entrega del producto.',
      ),
      list(
        'Avísanos dentro de ese plazo por cualquiera de los canales de atención, indicando el número de tu pedido.',
        'Devuelve el producto en las mismas condiciones en que lo recibiste: sellado, sin abrir, sin usar y con su empaque.',
        'Los costos de transporte de la devolución corren por tu cuenta.',
        'Te devolvemos todas las sumas pagadas, sin descuentos ni retenciones, a más tardar 30 días calendario después de que ejerzas el derecho.',
      ),
      p(
        'Por tratarse de bienes de uso personal, el retracto no aplica a los productos que hayan sido abiertos o usados. Los productos sellados y sin abrir sí pueden devolverse por retracto.',
      ),
    ],
  },
  {
    id: 'reversion',
    title: 'Reversión del pago',
    blocks: [
      p(
        'Si pagaste con tarjeta de crédito, tarjeta débito u otro medio de pago electrónico, puedes pedir la reversión del pago (artículo 51 de la Ley 1480 de 2011 y Decreto 587 de 2016) cuando:',
      ),
      list(
        'fuiste víctima de fraude o la operación no fue solicitada por ti;',
        'el producto no te fue entregado;',
        'el producto entregado no corresponde a lo que pediste o es defectuoso.',
      ),
      p(
        'Para hacerlo, dentro de los 5 días hábiles siguientes a la fecha en que conociste la causa: presenta la queja ante nosotros, devuelve el producto cuando corresponda y avisa al emisor de tu medio de pago (tu banco), que hará la reversión junto con los demás participantes del proceso de pago.',
      ),
    ],
  },
  {
    id: 'garantia',
    title: 'Garantía',
    blocks: [
      p(
        'Todos nuestros productos tienen la garantía legal del Estatuto del Consumidor: respondemos por su calidad, idoneidad y seguridad, y por que correspondan a lo anunciado.',
      ),
      p(
        'Si un producto llega defectuoso, vencido, con el sello roto o es distinto del que pediste, escríbenos con el número de tu pedido y, si puedes, una foto. Según el caso, lo cambiamos por otro igual o te devolvemos el dinero, sin costo para ti.',
      ),
      p(
        'Si un producto te causa una reacción en la piel, suspende su uso, consulta a un médico y avísanos para orientarte.',
      ),
    ],
  },
  {
    id: 'pqr',
    title: 'Peticiones, quejas y reclamos (PQR)',
    blocks: [
      p('Puedes presentar peticiones, quejas y reclamos por cualquiera de estos canales:'),
      { kind: 'list', items: channels(store) },
      p(
        'Te responderemos por el mismo medio en el menor tiempo posible y, como máximo, dentro de los 15 días hábiles siguientes a su recibo.',
      ),
      p(
        'Si no quedas satisfecho con nuestra respuesta, puedes acudir a la Superintendencia de Industria y Comercio (SIC), la autoridad de protección al consumidor: ',
        link('www.sic.gov.co', SIC_URL),
        '.',
      ),
    ],
  },
  {
    id: 'datos-personales',
    title: 'Datos personales',
    blocks: [
      p(
        'Tratamos tus datos personales según nuestra ',
        link('Política de tratamiento de datos personales', paths.dataTreatmentDocument),
        ', que explica para qué los usamos y cómo ejercer tus derechos.',
      ),
    ],
  },
  {
    id: 'cambios',
    title: 'Cambios y ley aplicable',
    blocks: [
      p(
        'Podemos actualizar estos términos. La versión vigente es la publicada en esta página con su fecha; cada pedido se rige por los términos vigentes al momento de la compra.',
      ),
      p('Estos términos se rigen por las leyes de la República de Colombia.'),
    ],
  },
]

const dataPolicySections = (store: Seller): DocumentSection[] => [
  {
    id: 'responsable',
    title: 'Responsable del tratamiento',
    blocks: [
      p(
        `${store.razonSocial}, identificada con NIT ${store.nit}, con domicilio en ${store.direccion}, ${store.ciudad}, es la responsable del tratamiento de los datos personales que recoge la tienda ${store.nombre}.`,
      ),
      list(
        ['Correo electrónico: ', link(store.correo, `mailto:${store.correo}`), '.'],
        `Teléfono: ${store.telefono}. WhatsApp: ${store.whatsapp}.`,
      ),
      p(
        'Esta política cumple la Ley 1581 de 2012 y el Decreto 1377 de 2013 (hoy compilado en el Decreto 1074 de 2015), y explica en lenguaje sencillo qué datos tratamos, para qué y cómo puedes ejercer tus derechos.',
      ),
    ],
  },
  {
    id: 'datos',
    title: 'Qué datos tratamos',
    blocks: [
      list(
        'Identificación y contacto: nombres, apellidos, tipo y número de documento, correo electrónico, teléfono, fecha de nacimiento y género.',
        'Entrega: direcciones, barrio, ciudad, nombre, documento y teléfono de quien recibe y, si la compartes, la ubicación en el mapa.',
        'Compras: pedidos, productos, estado y referencia de los pagos (no guardamos los datos de tu tarjeta), favoritos y carrito.',
        'Los mensajes que nos envías por el formulario de contacto, WhatsApp o correo.',
        'Tu correo electrónico, si nos pides que te avisemos cuando vuelva un producto agotado (ver «Avisos de disponibilidad»).',
        'Datos técnicos necesarios para que el sitio funcione y sea seguro, como la dirección IP y el almacenamiento del navegador que guarda tu carrito y tu sesión.',
        'Datos sensibles, solo si decides usar el asistente de análisis de piel: fotografías de tu rostro, el resultado del análisis y, si respondes sus preguntas, tu perfil de piel (ver «Datos sensibles y fotografías del rostro» y «Perfil de piel»).',
      ),
    ],
  },
  {
    id: 'finalidades',
    title: 'Para qué los usamos',
    blocks: [
      list(
        'Crear y administrar tu cuenta.',
        'Procesar tus pedidos, pagos, envíos y facturas, e informarte sobre su estado.',
        'Atender tus mensajes, peticiones, quejas y reclamos, y tramitar garantías, retractos y reversiones de pago.',
        'Recomendarte productos con el asistente de cuidado de la piel, solo si lo autorizas expresamente.',
        'Avisarte por correo, una sola vez, cuando vuelva a estar disponible un producto agotado, solo si nos lo pides para ese producto.',
        'Enviarte novedades y ofertas, solo si lo autorizas y por los canales que elijas, de lunes a viernes de 7:00 a. m. a 7:00 p. m. y los sábados de 8:00 a. m. a 3:00 p. m., nunca domingos ni festivos (Ley 2300 de 2023). Puedes pedir que dejemos de hacerlo en cualquier momento.',
        'Cumplir obligaciones legales, contables y tributarias, y atender requerimientos de las autoridades.',
        'Proteger la seguridad del sitio y prevenir fraudes.',
        'Elaborar estadísticas que no te identifican para mejorar la tienda.',
      ),
    ],
  },
  {
    id: 'datos-sensibles',
    title: 'Datos sensibles y fotografías del rostro',
    blocks: [
      p(
        'Las fotografías de tu rostro y la información sobre el estado de tu piel son datos sensibles: una foto del rostro puede identificarte, de forma parecida a un dato biométrico, y el análisis puede revelar información sobre tu salud.',
      ),
      list(
        'Solo los tratamos con tu autorización previa, expresa e informada, que das con una casilla aparte que nunca viene marcada.',
        'No estás obligado a autorizar el tratamiento de datos sensibles ni a responder preguntas sobre ellos. Puedes comprar y usar toda la tienda sin subir ninguna foto.',
        'Usamos la foto únicamente para analizar tu piel y recomendarte productos. No la usamos para identificarte, no la publicamos y no la vendemos.',
        `Guardamos la foto solo el tiempo necesario para el análisis y la eliminamos a más tardar ${FACE_PHOTO_RETENTION_DAYS} días después de recibirla. El resultado del análisis queda en tu cuenta hasta que pidas su supresión o revoques la autorización.`,
        'Puedes revocar esta autorización en cualquier momento por los canales de atención.',
      ),
      p(
        'No recibimos fotografías de menores de 18 años. Los datos de niñas, niños y adolescentes solo se tratan con la autorización de su representante legal y respetando sus derechos.',
      ),
    ],
  },
  {
    id: 'perfil-de-piel',
    title: 'Perfil de piel',
    blocks: [
      p(
        'Si quieres, el asistente de piel te hace unas preguntas cortas: para quién son los consejos, tu tipo de piel, lo que te preocupa, tu rango de edad, si estás embarazada o lactando, si usas medicamentos que cambian el cuidado de la piel (como isotretinoína, retinoides, anticoagulantes o corticoides) y si tienes alergia o sensibilidad a algún ingrediente. Varias de estas respuestas son datos de salud y, por eso, datos sensibles.',
      ),
      list(
        'Responder es opcional: puedes dejar cualquier pregunta sin contestar, o no responder ninguna, y el asistente te sigue aconsejando.',
        'Solo guardamos tus respuestas con tu autorización previa, expresa e informada, que das con una casilla aparte que nunca viene marcada. Guardamos prueba de esa autorización (fecha y versión del texto aceptado).',
        'Las usamos únicamente para adaptar los consejos del asistente y la rutina que te recomienda: por ejemplo, para no sugerirte ciertos activos durante el embarazo o para recomendarte el pediatra cuando la consulta es para un bebé. No las usamos para nada más, no las publicamos y no las vendemos.',
        'Quedan asociadas a tu cuenta o, si no has ingresado, al código del chat de tu navegador.',
        'Puedes cambiarlas o eliminarlas cuando quieras desde «Mi perfil de piel», en el chat o en tu perfil, y se eliminan junto con tus fotos y análisis cuando usas «Eliminar mis fotos».',
      ),
      p(
        'Si la consulta es para una niña, un niño o un bebé, quien responde debe ser su madre, su padre o su representante legal. No te pedimos fotos de su rostro.',
      ),
    ],
  },
  {
    id: 'avisos-de-disponibilidad',
    title: 'Avisos de disponibilidad',
    blocks: [
      p(
        'En un producto agotado puedes pedir «Avísame cuando llegue». Si tienes sesión iniciada usamos el correo de tu cuenta; si no, el correo que escribas, con una casilla de autorización aparte que nunca viene marcada.',
      ),
      list(
        'Usamos ese correo solo para avisarte de ese producto: te escribimos una vez, cuando vuelve a estar a la venta con existencia. No es una suscripción ni lo usamos para publicidad.',
        'Guardamos prueba de tu autorización (fecha y texto aceptado).',
        `Si el producto no vuelve en ${STOCK_ALERT_WAITING_DAYS} días, borramos tu solicitud. Después de avisarte la conservamos ${STOCK_ALERT_KEEP_DAYS} días y luego la borramos.`,
        'Puedes retirarla cuando quieras: con el enlace del correo que te enviamos, desde la página del producto si tienes sesión iniciada o por los canales de atención.',
      ),
    ],
  },
  {
    id: 'derechos',
    title: 'Tus derechos',
    blocks: [
      p('Como titular de los datos tienes derecho a:'),
      list(
        'Conocer, actualizar y rectificar tus datos personales.',
        'Pedir prueba de la autorización que nos diste.',
        'Saber, si lo pides, qué uso hemos dado a tus datos.',
        'Revocar la autorización y pedir la supresión de tus datos, salvo cuando la ley o un contrato vigente nos obliguen a conservarlos.',
        'Acceder gratis a tus datos personales.',
        [
          'Presentar quejas ante la Superintendencia de Industria y Comercio (',
          link('www.sic.gov.co', SIC_URL),
          '), después de haber hecho tu consulta o reclamo ante nosotros.',
        ],
      ),
    ],
  },
  {
    id: 'como-ejercerlos',
    title: 'Cómo ejercer tus derechos',
    blocks: [
      p('Escríbenos por cualquiera de estos canales:'),
      { kind: 'list', items: channels(store) },
      p(
        'Indica tu nombre, tu número de documento, lo que pides y un medio para responderte. Podemos pedirte que confirmes tu identidad antes de entregar o cambiar tus datos.',
      ),
      list(
        'Consultas (saber qué datos tenemos y cómo los usamos): respondemos en máximo 10 días hábiles desde su recibo. Si no es posible, te diremos por qué y la nueva fecha, que no superará 5 días hábiles más.',
        'Reclamos (corregir, actualizar o suprimir datos, o revocar la autorización): respondemos en máximo 15 días hábiles desde el día siguiente a su recibo. Si no es posible, te diremos por qué y la nueva fecha, que no superará 8 días hábiles más. Si falta información, te la pediremos en los 5 días siguientes; si pasan 2 meses sin recibirla, entenderemos que desististe del reclamo.',
      ),
    ],
  },
  {
    id: 'autorizacion',
    title: 'Autorización',
    blocks: [
      p(
        'Te pedimos autorización para tratar tus datos cuando te registras, cuando compras y cuando nos escribes, y guardamos prueba de ella (fecha y versión del texto aceptado). La autorización para datos sensibles es siempre aparte y opcional.',
      ),
    ],
  },
  {
    id: 'encargados',
    title: 'Quién más conoce tus datos',
    blocks: [
      p(
        'No vendemos ni alquilamos tus datos. Los compartimos solo con quienes nos ayudan a atenderte, como encargados del tratamiento y con un contrato que los obliga a protegerlos: la empresa de transporte que entrega tu pedido, la pasarela de pagos y los proveedores de tecnología que alojan el sitio.',
      ),
      p('Si alguno de ellos está fuera de Colombia, la transferencia se hará solo en los casos que permite la ley.'),
    ],
  },
  {
    id: 'seguridad',
    title: 'Seguridad y conservación',
    blocks: [
      p(
        'Aplicamos medidas técnicas y administrativas razonables para proteger tus datos contra pérdida, acceso no autorizado o uso indebido.',
      ),
      p(
        'Conservamos tus datos mientras sean necesarios para las finalidades descritas y durante los plazos que exigen las normas contables, tributarias y de protección al consumidor. Después los eliminamos o los dejamos de forma que ya no te identifiquen.',
      ),
    ],
  },
  {
    id: 'vigencia',
    title: 'Vigencia y cambios',
    blocks: [
      p(
        'Esta política rige desde la fecha indicada al comienzo de este documento. Si la cambiamos de forma importante, lo publicaremos en este sitio antes de aplicar el cambio y, cuando la ley lo exija, te pediremos una nueva autorización.',
      ),
    ],
  },
]

export const LEGAL_DOCUMENTS: Record<LegalDocumentSlug, LegalDocument> = {
  'terminos-y-condiciones': {
    slug: 'terminos-y-condiciones',
    ...LEGAL_DOCUMENT_HEADS['terminos-y-condiciones'],
    effectiveDate: '2026-11-22',
    sections: termsSections,
  },
  'tratamiento-de-datos': {
    slug: 'tratamiento-de-datos',
    ...LEGAL_DOCUMENT_HEADS['tratamiento-de-datos'],
    effectiveDate: '2026-11-28',
    sections: dataPolicySections,
  },
}

export function findLegalDocument(slug: string | undefined): LegalDocument | undefined {
  return isLegalDocumentSlug(slug) ? LEGAL_DOCUMENTS[slug] : undefined
}
