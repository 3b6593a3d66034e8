import { toNestErrors } from '@hookform/resolvers'
import { DISCOUNT_KINDS, DiscountCodeInputSchema, type DiscountKind } from '@piel/contracts'
import type { FieldError, Resolver } from 'react-hook-form'
import { isoOfColombia, pesosOf } from './code-text'
import type { DiscountCodeValues } from './discount-codes-api'

/** The code form's own values: the fields as the inputs hold them (text for numbers and dates). */
export type CodeFormValues = {
  codigo: string
  descripcion: string
  tipo: DiscountKind
  valor: string
  compraMinima: string
  /** `2026-12-01T00:00`, Colombia's time; '' without a start. */
  desde: string
  hasta: string
  usosMaximos: string
  usosPorPersona: string
  soloPrimeraCompra: boolean
  permiteCorporativo: boolean
  activo: boolean
  productosExcluidos: number[]
  catalogosExcluidos: number[]
}

export const CODE_FIELDS = [
  'codigo',
  'descripcion',
  'tipo',
  'valor',
  'compraMinima',
  'desde',
  'hasta',
  'usosMaximos',
  'usosPorPersona',
  'soloPrimeraCompra',
  'permiteCorporativo',
  'activo',
  'productosExcluidos',
  'catalogosExcluidos',
] as const satisfies readonly (keyof CodeFormValues)[]

export type CodeField = (typeof CODE_FIELDS)[number]

/** The form field a path of the contract or of the server's `campos` belongs to (`productosExcluidos.3` → its list). */
export function fieldOf(path: string): CodeField | null {
  const top = path.split('.')[0] ?? ''
  return (CODE_FIELDS as readonly string[]).includes(top) ? (top as CodeField) : null
}

/** An optional whole number as typed: empty is null; dots, spaces, "$" and "%" are left out. */
const optionalWhole = (text: string) => (text.trim() === '' ? null : pesosOf(text.replace('%', '')))

/** The fields as the contract reads them: numbers from their text, dates in Colombia's time with their offset. */
export const toInput = (values: CodeFormValues) => ({
  codigo: values.codigo,
  descripcion: values.descripcion,
  tipo: values.tipo,
  valor: pesosOf(values.valor.replace('%', '')),
  compraMinima: optionalWhole(values.compraMinima),
  desde: isoOfColombia(values.desde),
  hasta: isoOfColombia(values.hasta),
  usosMaximos: optionalWhole(values.usosMaximos),
  usosPorPersona: optionalWhole(values.usosPorPersona),
  soloPrimeraCompra: values.soloPrimeraCompra,
  permiteCorporativo: values.permiteCorporativo,
  productosExcluidos: values.productosExcluidos,
  catalogosExcluidos: values.catalogosExcluidos,
  activo: values.activo,
})

/** A value the contract accepts for each field, put in place of a refused one to reach the rules between fields. */
const ACCEPTED: ReturnType<typeof toInput> = {
  codigo: 'ABC',
  descripcion: '',
  tipo: DISCOUNT_KINDS[1],
  valor: 1,
  compraMinima: null,
  desde: null,
  hasta: null,
  usosMaximos: null,
  usosPorPersona: null,
  soloPrimeraCompra: false,
  permiteCorporativo: false,
  productosExcluidos: [],
  catalogosExcluidos: [],
  activo: true,
}

export const VALUE_MISSING = 'Escribe cuánto descuenta el código.'

type Issues = Partial<Record<CodeField, FieldError>>

function issuesOf(input: unknown): { data: DiscountCodeValues } | { issues: Issues } {
  const result = DiscountCodeInputSchema.safeParse(input)
  if (result.success) return { data: result.data }
  const issues: Issues = {}
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path.join('.'))
    if (field && !issues[field]) issues[field] = { type: issue.code, message: issue.message }
  }
  return { issues }
}

/**
 * The server's own rules (`DiscountCodeInputSchema`) with its Spanish messages, on the form's text fields, every
 * error in one round: the contract checks the rules between fields (a percentage up to 100, the end after the start)
 * only once each field is valid, so they are checked again with the refused fields set aside.
 */
export const codeResolver: Resolver<CodeFormValues, unknown, DiscountCodeValues> = (values, _context, options) => {
  const input = toInput(values)
  const first = issuesOf(input)
  if ('data' in first) return { values: first.data, errors: {} }
  const errors: Issues = { ...first.issues }
  const refused = Object.keys(first.issues) as CodeField[]
  const second = issuesOf({ ...input, ...Object.fromEntries(refused.map((field) => [field, ACCEPTED[field]])) })
  if ('issues' in second) {
    for (const [field, error] of Object.entries(second.issues) as [CodeField, FieldError][]) {
      if (!errors[field]) errors[field] = error
    }
  }
  // An amount left empty is asked for in words rather than with the contract's "valor debe ser un número entero".
  if (errors.valor && values.valor.trim() === '') errors.valor = { type: 'required', message: VALUE_MISSING }
  return { values: {}, errors: toNestErrors(errors, options) }
}
