import { z } from 'zod'
import { PAGE_FIELDS, PageQuerySchema } from './lists'
import {
  ACCOUNT_MESSAGES,
  CORPORATE_CLIENT_STATES,
  documentNumberProblem,
  normalizeColombianMobile,
} from './values/accounts'
import { ADMIN_PAGE_SIZE, MAX_ID, PASSWORD_MIN_LENGTH } from './values/constants'

/** Letters and digits only, with at least one digit and one upper-case letter. */
const PASSWORD_PATTERN = /^(?=.*\p{Nd})(?=.*\p{Lu})[\p{L}\p{Nd}]+$/u

export const DocumentTypeCodeSchema = z.enum(['CC', 'CE'], { error: ACCOUNT_MESSAGES.required })
export const DocumentTypeSchema = z.object({ valor: z.string(), descripcion: z.string() })
export type DocumentType = z.infer<typeof DocumentTypeSchema>

/**
 * Gender codes of spec 000 §3: 0 female, 1 male, as a number or its digit. Nothing else is read as a
 * code: a missing, empty or `null` gender is refused, never taken as 0.
 */
export const GenderIdSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*[01]\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: ACCOUNT_MESSAGES.required })
    .int()
    .refine((value) => value === 0 || value === 1, ACCOUNT_MESSAGES.required),
)

export const mobileSchema = (requiredMessage: string = ACCOUNT_MESSAGES.required) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .transform((value, ctx) => {
      const mobile = normalizeColombianMobile(value)
      if (!mobile) {
        ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.invalidMobile })
        return z.NEVER
      }
      return mobile
    })
export const MobileSchema = mobileSchema()

/** A day of the calendar as written: `2023-02-31` is not one (Date would roll it into March). */
const isCalendarDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(value)) &&
  new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value

/** Today in Colombia (UTC−5 all year): a date born "tomorrow" in Bogotá is in the future even when UTC has turned. */
const todayInColombia = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10)

/** A calendar date `AAAA-MM-DD` (an ISO timestamp is cut to its date) that is not in the future. */
export const BirthDateSchema = z
  .string({ error: ACCOUNT_MESSAGES.required })
  .trim()
  .min(1, ACCOUNT_MESSAGES.required)
  .transform((value) => value.slice(0, 10))
  .refine(isCalendarDate, 'Fecha inválida')
  .refine((value) => value <= todayInColombia(), ACCOUNT_MESSAGES.birthDateFuture)
  .refine((value) => value >= '1900-01-01', 'Fecha inválida')

const requiredText = (max: number, message: string = ACCOUNT_MESSAGES.required) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Máximo ${max} caracteres`)

/**
 * `when` of an object's check that compares fields (issue 35): it runs as soon as the listed fields passed their
 * own checks, whatever the others say. zod's default skips an object's checks while any field fails, so a form
 * showed «Las contraseñas no coinciden» only once everything else was right: two rounds of errors.
 */
export const whenFieldsPass =
  (...fields: string[]) =>
  (payload: z.core.ParsePayload): boolean =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => {
      const field = issue.path?.[0]
      return field === undefined || fields.includes(String(field))
    })

/**
 * Checks the document number in `numberField` against its kind in `typeField` (`documentNumberProblem`): «12ab» is
 * no cédula. It runs once the number passed its own checks, beside the other fields' errors; a kind that failed
 * its own check is not used (the number is then held to letters, digits and hyphens only).
 */
export const documentNumberCheck = (typeField: string, numberField: string) =>
  [
    (body: object, ctx: z.core.$RefinementCtx<object>) => {
      const typeFailed = ctx.issues.some((issue) => issue.path?.[0] === typeField)
      const values = body as Record<string, unknown>
      const problem = documentNumberProblem(typeFailed ? undefined : values[typeField], values[numberField])
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [numberField], input: values[numberField] })
    },
    { when: whenFieldsPass(numberField) },
  ] as const

/** A document number as written: required, at most 20 characters; its form is its kind's (`documentNumberCheck`). */
const documentNumber = (message: string = ACCOUNT_MESSAGES.required) => requiredText(20, message)

export const EmailSchema = z
  .string({ error: ACCOUNT_MESSAGES.required })
  .trim()
  .min(1, ACCOUNT_MESSAGES.required)
  .max(200, 'Máximo 200 caracteres')
  .pipe(z.email(ACCOUNT_MESSAGES.invalidEmail))
  .transform((value) => value.toLowerCase())

export const PasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.required })
  .min(1, ACCOUNT_MESSAGES.required)
  .min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordMin)
  .max(128, 'Máximo 128 caracteres')
  .regex(PASSWORD_PATTERN, ACCOUNT_MESSAGES.passwordRule)

export const NewPasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.required })
  .min(1, ACCOUNT_MESSAGES.required)
  .min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.newPasswordMin)
  .max(128, 'Máximo 128 caracteres')
  .regex(PASSWORD_PATTERN, ACCOUNT_MESSAGES.newPasswordRule)

/** `POST persona/AgregarPersona` (spec 000 §2 Register, §5). Unknown fields are ignored. */
export const RegisterSchema = z
  .object({
    nombres: requiredText(80),
    apellidos: requiredText(80),
    fechaNacimiento: BirthDateSchema,
    idGenero: GenderIdSchema,
    tipoIdentificacion: DocumentTypeCodeSchema,
    numeroDocumento: documentNumber(),
    telefono: MobileSchema,
    email: EmailSchema,
    clave: PasswordSchema,
    confirmaClave: z.string({ error: ACCOUNT_MESSAGES.required }).min(1, ACCOUNT_MESSAGES.required),
    clienteCorp: z.boolean().default(false),
    nit: z.string().trim().max(20).nullish(),
  })
  // The checks across fields run beside the fields' own (`when`), so one submit shows every error.
  .refine((body) => body.clave === body.confirmaClave, {
    message: ACCOUNT_MESSAGES.passwordsDiffer,
    path: ['confirmaClave'],
    when: whenFieldsPass('confirmaClave'),
  })
  .superRefine(...documentNumberCheck('tipoIdentificacion', 'numeroDocumento'))
  // A corporate client's NIT is required and written as a NIT; anybody else's is not read (the form hides it).
  .superRefine(
    (body, ctx) => {
      if (!body.clienteCorp) return
      const problem = body.nit ? documentNumberProblem('NIT', body.nit) : ACCOUNT_MESSAGES.required
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['nit'], input: body.nit })
    },
    { when: whenFieldsPass('clienteCorp', 'nit') },
  )
export type RegisterInput = z.input<typeof RegisterSchema>

/** `POST login` and `POST persona/ObtenerPersonaEmail`. */
export const LoginSchema = z.object({
  email: z.string({ error: ACCOUNT_MESSAGES.loginUser }).trim().min(1, ACCOUNT_MESSAGES.loginUser).max(200),
  password: z.string({ error: ACCOUNT_MESSAGES.loginPassword }).min(1, ACCOUNT_MESSAGES.loginPassword).max(200),
})

/**
 * The person as the API shows it: never a password or a hash. `temporal` 'Si' forces the
 * change-password dialog after login.
 */
export const PersonSchema = z.object({
  id: z.number().int(),
  uid: z.string().nullable(),
  email: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  fechaNacimiento: z.string().nullable(),
  idGenero: z.number().int().nullable(),
  tipoIdentificacion: z.string().nullable(),
  numeroDocumento: z.string().nullable(),
  telefono: z.string().nullable(),
  nivel: z.string(),
  totalPuntos: z.number().int(),
  dateRegister: z.string(),
  temporal: z.enum(['Si', 'No']),
  perfil: z.number().int(),
  nombrePerfil: z.string(),
  aceptoTyC: z.boolean(),
  autorizoTDP: z.boolean(),
  clienteCorp: z.boolean(),
  nit: z.string().nullable(),
  autorizadoClienteCorp: z.boolean(),
  esAdmin: z.boolean(),
})
export type Person = z.infer<typeof PersonSchema>

/**
 * The fields of `POST persona/UpdatePerson` one by one, without the check of the document number against its kind:
 * what a form picks its own fields from (zod refuses `.pick` on an object with checks).
 */
export const UpdatePersonFieldsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID, 'id es demasiado grande').optional(),
  telefono: MobileSchema,
  fechaNacimiento: BirthDateSchema,
  idGenero: GenderIdSchema,
  tipoIdentificacion: DocumentTypeCodeSchema.optional(),
  numeroDocumento: documentNumber(ACCOUNT_MESSAGES.requiredLower).optional(),
})

/** `POST persona/UpdatePerson`: phone, birth date and gender; document type and number only while empty. */
export const UpdatePersonSchema = UpdatePersonFieldsSchema.superRefine(
  ...documentNumberCheck('tipoIdentificacion', 'numeroDocumento'),
)

/** `POST persona/UpdatePassword` (answer 1 on success). */
export const UpdatePasswordSchema = z
  .object({
    idPerson: z.coerce.number().int().positive().max(MAX_ID, 'idPerson es demasiado grande').optional(),
    currentPassword: z.string({ error: ACCOUNT_MESSAGES.required }).min(1, ACCOUNT_MESSAGES.required).max(200),
    newPassword: NewPasswordSchema,
    confirmPassword: z.string().optional(),
  })
  .refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.newPassword, {
    message: ACCOUNT_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  })

export const RecoveryPasswordSchema = z.object({ email: EmailSchema })

/** Answer of calls whose original client read a success flag. */
export const ResultSchema = z.object({ exito: z.boolean(), mensaje: z.string() })
export type Result = z.infer<typeof ResultSchema>

/** `GET persona/Sesion`: the person of the current session. */
export const SessionSchema = z.object({ persona: PersonSchema })
export type Session = z.infer<typeof SessionSchema>

/** `POST persona/UpdatePerson` and the admin calls: the success flag, a message and the person. */
export const PersonResultSchema = ResultSchema.extend({ persona: PersonSchema })
export type PersonResult = z.infer<typeof PersonResultSchema>

/** `POST admin/clientes-corporativos/autorizar` and `.../revocar`. */
export const CorporateAuthorizationSchema = z.object({ email: EmailSchema })

/* The back office's calls about accounts (issue 17), under `admin/`: corporate clients and the audit trail. */

/** A person who registered as a corporate client (`clienteCorp`, with a NIT), as the back office lists them. */
export const CorporateClientSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  nit: z.string().nullable(),
  telefono: z.string().nullable(),
  fechaRegistro: z.string().describe('Cuándo se registró (ISO 8601)'),
  autorizado: z.boolean().describe('Ve los precios corporativos'),
})
export type CorporateClient = z.infer<typeof CorporateClientSchema>

/** `GET admin/clientes-corporativos`: one page of a list, the oldest request first among the pending ones. */
export const CorporateClientQuerySchema = z
  .object({
    estado: z
      .enum(CORPORATE_CLIENT_STATES, { error: 'estado debe ser pendientes, autorizados o todos' })
      .default('pendientes'),
    buscar: z
      .string()
      .trim()
      .max(200, 'Escribe máximo 200 caracteres.')
      .optional()
      .describe('Parte del correo, del nombre o del NIT'),
  })
  .extend(PageQuerySchema(ADMIN_PAGE_SIZE).shape)

export const CorporateClientPageSchema = z.object({ clientes: z.array(CorporateClientSchema), ...PAGE_FIELDS })
export type CorporateClientPage = z.infer<typeof CorporateClientPageSchema>
export type CorporateClientQuery = z.output<typeof CorporateClientQuerySchema>

/** Who changed what from the back office (or the terminal): one change to a product, an order or a person. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  fecha: z.string(),
  accion: z.string(),
  quien: z.string().nullable().describe('Correo de quien hizo el cambio; null si fue desde la terminal'),
  antes: z.record(z.string(), z.unknown()).nullable(),
  despues: z.record(z.string(), z.unknown()).nullable(),
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>

/** `GET admin/auditoria`: the back office's changes to one order or product, newest first. */
export const AuditQuerySchema = z
  .object({
    entidad: z.enum(['producto', 'orden', 'persona'], { error: 'entidad debe ser producto, orden o persona' }),
    id: z.coerce
      .number({ error: 'id debe ser un número' })
      .int('id debe ser un número entero')
      .positive('id debe ser un número positivo')
      .max(MAX_ID, 'id es demasiado grande'),
  })
  .extend(PageQuerySchema(ADMIN_PAGE_SIZE).shape)
export type AuditQuery = z.output<typeof AuditQuerySchema>
export const AuditPageSchema = z.object({ cambios: z.array(AuditEntrySchema), ...PAGE_FIELDS })
export type AuditPage = z.infer<typeof AuditPageSchema>
