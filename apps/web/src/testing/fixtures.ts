import type {
  Address,
  CreateOrderResultSchema,
  CurrentStore,
  FilterGroup,
  Person,
  ProductPage,
  ProductSummary,
  Quote,
  ShippingQuote,
} from '@piel/contracts'
import type { z } from 'zod'
import type { CartLine } from '@/features/cart/cart-store'

/**
 * The data the fake API answers with, typed by the contracts (`satisfies`), so a change of the wire format breaks
 * the type-check of the tests instead of letting them pass against a shape the server no longer sends.
 */

const cop = (value: number) => `$ ${value.toLocaleString('es-CO')}`

export const store = {
  id: 10018,
  nombre: 'Piel Dermocosmética',
  razonSocial: 'Piel Dermocosmética S.A.S.',
  nit: '900123456-7',
  direccion: 'Calle 18 # 25-40',
  ciudad: 'Pasto, Nariño',
  telefono: '6027201234',
  whatsapp: '3001234567',
  correo: 'hola@piel.co',
  horario: 'Lunes a sábado, 8:00 a. m. a 6:00 p. m.',
  redesSociales: { facebook: null, instagram: null, tiktok: null },
  activa: true,
  urlPublica: 'http://localhost:3000',
} satisfies CurrentStore

export function product(id: number, name: string, price = 45_000): ProductSummary {
  return {
    id,
    fotoPrincipal: `/media/productos/${id}.webp`,
    descripcion: name,
    marca: 'Piel',
    referencia: `REF-${id}`,
    nombreTienda: store.nombre,
    idTienda: store.id,
    calificacion: 4,
    valor: price,
    valorMoneda: cop(price),
    valorAnterior: null,
    valorAnteriorMoneda: null,
    descuento: 0,
    iva: 19,
    valorCorp: null,
    descuentoCorp: null,
    ivaCorp: null,
    cantidad: 10,
    agotado: false,
    precioCorporativo: false,
  } satisfies ProductSummary
}

/** One page of 12 (or fewer) products out of `total`. */
export function productPage(productos: ProductSummary[], pagina: number, total: number): ProductPage {
  return { productos, pagina, tamanio: 12, total, hayMas: pagina * 12 < total } satisfies ProductPage
}

export const filterGroups = [
  {
    caracteristica: 'Tipo de piel',
    opciones: [
      { valor: 'Grasa', cantidad: 8 },
      { valor: 'Sensible', cantidad: 5 },
    ],
  },
] satisfies FilterGroup[]

export const person = {
  id: 41,
  uid: null,
  email: 'lucia@ejemplo.com',
  nombres: 'Lucía',
  apellidos: 'Benavides Ortiz',
  fechaNacimiento: '1990-08-12',
  idGenero: 0,
  tipoIdentificacion: 'CC',
  numeroDocumento: '1085123456',
  telefono: '3105551234',
  nivel: 'Bronce',
  totalPuntos: 0,
  dateRegister: '2026-01-10T15:00:00.000Z',
  temporal: 'No',
  perfil: 2,
  nombrePerfil: 'Cliente',
  aceptoTyC: true,
  autorizoTDP: true,
  clienteCorp: false,
  nit: null,
  autorizadoClienteCorp: false,
  esAdmin: false,
} satisfies Person

export function address(id: number, nomenclatura: string, esPrincipal: 'Si' | 'No' = 'No'): Address {
  return {
    idDireccionPersona: id,
    referencia: null,
    nomenclatura,
    nombreRecibe: 'Lucía Benavides Ortiz',
    barrio: 'Centro',
    esPrincipal,
    latitud: null,
    longitud: null,
    telefono: '3105551234',
    tipoIdentificacion: null,
    numeroDocumento: null,
    countyId: '52001',
    stateId: '52',
    ciudadNombre: 'Pasto',
    departamentoNombre: 'Nariño',
  } satisfies Address
}

/** A cart line as the browser stores it (`localStorage.cart`). */
export function cartLine(item: ProductSummary, count: number): CartLine {
  return {
    id: item.id,
    image: item.fotoPrincipal,
    name: item.descripcion,
    store: item.nombreTienda,
    rating: item.calificacion,
    newPrice: item.valorMoneda,
    price: item.valor,
    idStore: item.idTienda,
    count,
    Referencia: item.referencia,
    Iva: item.iva,
    Descuento: item.descuento,
    existencia: item.cantidad,
  }
}

const SHIPPING = 12_000

/** `orden/Cotizar`'s answer for some lines, each with `existencia` units in stock. */
/** Shipping priced for an address in Pasto at the fixtures' flat cost, with no delivery estimate. */
export const pricedShipping = (overrides: Partial<ShippingQuote> = {}): ShippingQuote => ({
  estado: 'calculado',
  lugar: 'Pasto (Nariño)',
  costo: SHIPPING,
  gratis: false,
  diasMin: null,
  diasMax: null,
  envioGratisDesde: null,
  faltaParaGratis: null,
  desde: null,
  ...overrides,
})

/**
 * What a discount code did to a quote: applied (`descuento` pesos off, shared among the lines by what they cost), or
 * refused with the server's reason.
 */
export type QuoteCode = { codigo: string; descripcion?: string; descuento: number } | { codigoError: string }

export function quoteOf(
  lines: { item: ProductSummary; count: number; existencia?: number }[],
  envio: ShippingQuote = pricedShipping(),
  code: QuoteCode | null = null,
): Quote {
  const applied = code && 'codigo' in code ? code : null
  const base = lines.reduce((sum, { item, count }) => sum + item.valor * count, 0)
  let shared = 0
  const productos = lines.map(({ item, count, existencia = item.cantidad }, index) => {
    const total = item.valor * count
    // The last line takes what rounding left, so the shares add up to the code's discount.
    const share = !applied
      ? 0
      : index === lines.length - 1
        ? applied.descuento - shared
        : Math.round((applied.descuento * total) / base)
    shared += share
    const ivaLinea = Math.round(total - share - (total - share) / 1.19)
    return {
      idProducto: item.id,
      referencia: item.referencia,
      nombre: item.descripcion,
      imagen: item.fotoPrincipal,
      valorUnitario: item.valor,
      valorUnitarioMoneda: item.valorMoneda,
      valorAntesDescuento: item.valor,
      descuento: 0,
      iva: item.iva,
      cantidadComprada: count,
      valorTotal: total,
      valorTotalMoneda: cop(total),
      descuentoCodigo: share,
      ivaLinea,
      idTienda: item.idTienda,
      tallaId: null,
      existencia,
      disponible: existencia >= count,
    }
  })
  const subTotal = productos.reduce((sum, line) => sum + line.valorTotal, 0)
  const iva = productos.reduce((sum, line) => sum + line.ivaLinea, 0)
  const shipping = envio.estado === 'calculado' ? (envio.costo ?? 0) : 0
  const discount = applied?.descuento ?? 0
  return {
    cantidadArticulos: productos.reduce((sum, line) => sum + line.cantidadComprada, 0),
    subTotal,
    subTotalMoneda: cop(subTotal),
    iva,
    ivaMoneda: cop(iva),
    descuentoCodigo: discount,
    descuentoCodigoMoneda: cop(discount),
    totalEnvio: shipping,
    totalEnvioMoneda: cop(shipping),
    total: subTotal - discount + shipping,
    totalMoneda: cop(subTotal - discount + shipping),
    productos,
    envio,
    noDisponibles: [],
    codigo: applied
      ? {
          codigo: applied.codigo,
          descripcion: applied.descripcion ?? '',
          descuento: discount,
          descuentoMoneda: cop(discount),
        }
      : null,
    codigoError: code && 'codigoError' in code ? code.codigoError : null,
  } satisfies Quote
}

export const createdOrder = (idOrden: number) =>
  ({
    exito: true,
    mensaje: 'Orden agregada exitosamente',
    idOrden,
    corporativo: false,
  }) satisfies z.infer<typeof CreateOrderResultSchema>
