import { z } from 'zod'
import { MAX_ID } from './values/constants'
import { MAX_DELIVERY_DAYS, MAX_SHIPPING_COST, SHIPPING_QUOTE_STATES } from './values/shipping'

/**
 * Shipping by destination (issue 35): the zones the shop delivers to (a whole department, or one of its
 * municipalities, which then wins over its department), each with its cost and delivery days, and the
 * purchase from which shipping is free. Shoppers read them in the address form and the checkout; the back
 * office edits them under `admin/envios`.
 */

const days = (field: string) =>
  z
    .number({ error: `${field} debe ser un número entero de días hábiles` })
    .int(`${field} debe ser un número entero de días hábiles`)
    .min(1, `${field} debe ser al menos 1`)
    .max(MAX_DELIVERY_DAYS, `${field} admite máximo ${MAX_DELIVERY_DAYS}`)

const money = (field: string) =>
  z
    .number({ error: `${field} debe ser un número entero de pesos` })
    .int(`${field} debe ser un número entero de pesos`)
    .min(0, `${field} no puede ser negativo`)
    .max(MAX_SHIPPING_COST, `${field} admite máximo ${MAX_SHIPPING_COST}`)

/** A zone as the back office writes it: a department (DIVIPOLA, 2 digits) or one of its municipalities (5 digits). */
export const ShippingZoneInputSchema = z
  .object({
    departamento: z.string().regex(/^\d{2}$/, 'departamento debe ser un código DIVIPOLA de 2 dígitos'),
    municipio: z
      .string()
      .regex(/^\d{5}$/, 'municipio debe ser un código DIVIPOLA de 5 dígitos')
      .nullish()
      .describe('Vacío: todo el departamento; un municipio tiene precedencia sobre su departamento'),
    costo: money('costo'),
    diasMin: days('diasMin').nullable().describe('Días hábiles de entrega, desde el pago; vacío: sin estimado'),
    diasMax: days('diasMax').nullable(),
    activa: z.boolean().default(true),
  })
  .superRefine((zone, context) => {
    if (zone.municipio && !zone.municipio.startsWith(zone.departamento)) {
      context.addIssue({ code: 'custom', path: ['municipio'], message: 'El municipio no es de ese departamento.' })
    }
    if ((zone.diasMin === null) !== (zone.diasMax === null)) {
      context.addIssue({ code: 'custom', path: ['diasMax'], message: 'Escribe los dos días de entrega o ninguno.' })
    } else if (zone.diasMin !== null && zone.diasMax !== null && zone.diasMax < zone.diasMin) {
      context.addIssue({ code: 'custom', path: ['diasMax'], message: 'diasMax no puede ser menor que diasMin.' })
    }
  })
export type ShippingZoneInput = z.input<typeof ShippingZoneInputSchema>

export const ShippingZoneSchema = z.object({
  id: z.number().int(),
  departamento: z.string(),
  nombreDepartamento: z.string(),
  municipio: z.string().nullable(),
  nombreMunicipio: z.string().nullable(),
  costo: z.number().int(),
  costoMoneda: z.string(),
  diasMin: z.number().int().nullable(),
  diasMax: z.number().int().nullable(),
  activa: z.boolean(),
})
export type ShippingZone = z.infer<typeof ShippingZoneSchema>

export const ShippingZoneIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID, 'id es demasiado grande'),
})

/** `PUT admin/envios/ajustes`: the purchase (subtotal, IVA included) from which shipping is free; null: never. */
export const ShippingSettingsSchema = z.object({
  envioGratisDesde: z
    .number({ error: 'envioGratisDesde debe ser un número entero de pesos' })
    .int('envioGratisDesde debe ser un número entero de pesos')
    .positive('envioGratisDesde debe ser mayor que 0')
    .max(100_000_000, 'envioGratisDesde es demasiado grande')
    .nullable(),
})
export type ShippingSettings = z.infer<typeof ShippingSettingsSchema>

/** `GET admin/envios`: every zone (departments by name, each department's municipalities after it) and the settings. */
export const ShippingAdminSchema = ShippingSettingsSchema.extend({ zonas: z.array(ShippingZoneSchema) })
export type ShippingAdmin = z.infer<typeof ShippingAdminSchema>

/** `GET envios/Cobertura`: where the shop delivers, for the address form and the texts that speak of it. */
export const ShippingCoverageSchema = z.object({
  departamentos: z.array(
    z.object({
      codigo: z.string(),
      nombre: z.string(),
      todos: z.boolean().describe('true: todo el departamento; false: solo los municipios listados'),
      municipios: z.array(z.string()).describe('Códigos de los municipios con zona propia'),
    }),
  ),
  todoElPais: z.boolean(),
  costoMinimo: z.number().int().nullable(),
  costoMaximo: z.number().int().nullable(),
  diasMin: z.number().int().nullable(),
  diasMax: z.number().int().nullable(),
  envioGratisDesde: z.number().int().nullable(),
})
export type ShippingCoverage = z.infer<typeof ShippingCoverageSchema>

/** The shipping of a quote or an order: what it costs to the chosen address and how long it takes. */
export const ShippingQuoteSchema = z.object({
  estado: z.enum(SHIPPING_QUOTE_STATES),
  lugar: z.string().nullable().describe('Municipio y departamento de la dirección, si hay una'),
  costo: z.number().int().nullable().describe('null mientras no hay dirección o si no hay envío allí'),
  gratis: z.boolean().describe('La compra llega al envío gratis'),
  diasMin: z.number().int().nullable(),
  diasMax: z.number().int().nullable(),
  envioGratisDesde: z.number().int().nullable(),
  faltaParaGratis: z.number().int().nullable().describe('Lo que falta en productos para el envío gratis'),
  desde: z.number().int().nullable().describe('El envío más barato de la tienda, mientras no hay dirección'),
})
export type ShippingQuote = z.infer<typeof ShippingQuoteSchema>
