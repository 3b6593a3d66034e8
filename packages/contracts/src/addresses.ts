import { z } from 'zod'
import { documentNumberCheck, mobileSchema, ResultSchema } from './accounts'
import { ACCOUNT_MESSAGES } from './values/accounts'
import { MAX_ID } from './values/constants'

const required = (max: number) =>
  z
    .string({ error: ACCOUNT_MESSAGES.fieldRequired })
    .trim()
    .min(1, ACCOUNT_MESSAGES.fieldRequired)
    .max(max, `Máximo ${max} caracteres`)
const optionalText = (max: number) => z.string().trim().max(max, `Máximo ${max} caracteres`).nullish()

/**
 * The fields of `POST DireccionPersona/AgregarDireccionPersona` one by one, without the check of the receiver's
 * document number against its kind: what a form picks its own fields from (zod refuses `.pick` on an object with
 * checks).
 */
export const AddressSaveFieldsSchema = z.object({
  id: z.coerce.number().int().min(0).optional(),
  idPersona: z.coerce.number().int().positive().max(MAX_ID, 'idPersona es demasiado grande').optional(),
  userId: z.string().optional(),
  Nomenclatura: required(150),
  Referencia: optionalText(200),
  NombreRecibe: required(120),
  Telefono: mobileSchema(ACCOUNT_MESSAGES.fieldRequired),
  esPrincipal: z.enum(['Si', 'No']).default('No'),
  dateRegister: z.string().optional(),
  latitud: z.coerce.number().min(-90).max(90).nullish(),
  longitud: z.coerce.number().min(-180).max(180).nullish(),
  barrio: optionalText(120),
  tipoIdRecibe: optionalText(10),
  numDocRecibe: optionalText(20),
  ciudad: z.string({ error: ACCOUNT_MESSAGES.fieldRequired }).regex(/^\d{5}$/, 'Municipio inválido'),
  departamento: z.string({ error: ACCOUNT_MESSAGES.fieldRequired }).regex(/^\d{2}$/, 'Departamento inválido'),
})

/**
 * `POST DireccionPersona/AgregarDireccionPersona` payload (spec 000 §3). `idPersona` and `userId`
 * are checked against the session; `ciudad` is the DIVIPOLA municipality code (5 digits) and
 * `departamento` the department code (2 digits). The receiver's document number, when given, is written as its
 * kind asks (`tipoIdRecibe`, in any letter case; the server refuses a kind it does not know).
 */
export const AddressSaveSchema = AddressSaveFieldsSchema.superRefine(
  ...documentNumberCheck('tipoIdRecibe', 'numDocRecibe'),
)

/** An address as listed (spec 000 §3 "Address"), with the place names. */
export const AddressSchema = z.object({
  idDireccionPersona: z.number().int(),
  referencia: z.string().nullable(),
  nomenclatura: z.string(),
  nombreRecibe: z.string(),
  barrio: z.string().nullable(),
  esPrincipal: z.enum(['Si', 'No']),
  latitud: z.number().nullable(),
  longitud: z.number().nullable(),
  telefono: z.string(),
  tipoIdentificacion: z.string().nullable(),
  numeroDocumento: z.string().nullable(),
  countyId: z.string(),
  stateId: z.string(),
  ciudadNombre: z.string(),
  departamentoNombre: z.string(),
})
export type Address = z.infer<typeof AddressSchema>

export type AddressSave = z.input<typeof AddressSaveSchema>

/** Answer of `AgregarDireccionPersona`: the success flag the original client reads, and the new id. */
export const AddressSaveResultSchema = ResultSchema.extend({ id: z.number().int() })
export type AddressSaveResult = z.infer<typeof AddressSaveResultSchema>

/** `DireccionesAsociadas?id`: `id` is the person (the session's; another person's is a 403). */
export const AddressListQuerySchema = z.object({
  id: z.coerce
    .number({ error: 'id debe ser un número' })
    .int()
    .positive()
    .max(MAX_ID, 'id es demasiado grande')
    .optional(),
})
/** `EliminarDireccionPersona?id`: `id` is the address. */
export const AddressIdQuerySchema = z.object({
  id: z.coerce.number({ error: 'id debe ser un número' }).int().positive().max(MAX_ID, 'id es demasiado grande'),
})

/** `ciudades/GetCiudadesxDep?dept`: municipalities of a department (DIVIPOLA). */
export const CitySchema = z.object({ id: z.string(), nombre: z.string(), idDepartamento: z.string() })
export type City = z.infer<typeof CitySchema>

/** `dept` is the 2-digit DIVIPOLA code; `5` is read as `05` (Antioquia). */
export const CityQuerySchema = z.object({
  dept: z
    .string({ error: 'dept es requerido' })
    .trim()
    .regex(/^\d{1,2}$/, 'Código de departamento inválido (2 dígitos, por ejemplo 52)')
    .transform((code) => code.padStart(2, '0')),
  conEnvio: z
    .enum(['true', 'false'], { error: 'conEnvio debe ser true o false' })
    .optional()
    .transform((value) => value === 'true')
    .describe('true: solo los municipios a los que la tienda hace envíos'),
})

/**
 * A department (DIVIPOLA). `paraDirecciones`: offered by the address form; `porDefecto`: the
 * form's preselected one (the first of the configured address departments).
 */
export const DepartmentSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  paraDirecciones: z.boolean(),
  porDefecto: z.boolean(),
})
export type Department = z.infer<typeof DepartmentSchema>
