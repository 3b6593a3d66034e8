/*
 * Reading back what this app itself wrote to the browser's storage (the cart, the greeting's user): values read
 * on every page, before zod is ever loaded (issue 16, decision 015). A record is taken only when each field has
 * its type; unknown fields are dropped; anything else reads as absent, as a stale or tampered value should.
 */

type FieldType = 'number' | 'string' | 'number?' | 'string?'
type FieldValue<T extends FieldType> = T extends 'number'
  ? number
  : T extends 'string'
    ? string
    : T extends 'number?'
      ? number | undefined
      : string | undefined
type Optional<S> = { [K in keyof S]: S[K] extends 'number?' | 'string?' ? K : never }[keyof S]
export type RecordOf<S extends Record<string, FieldType>> = {
  [K in Exclude<keyof S, Optional<S>>]: FieldValue<S[K]>
} & {
  [K in Optional<S>]?: FieldValue<S[K]>
}

/** `value` as a record of `shape` (numbers finite), or null. */
export function recordOf<S extends Record<string, FieldType>>(value: unknown, shape: S): RecordOf<S> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const source = value as Record<string, unknown>
  const record: Record<string, unknown> = {}
  for (const [key, type] of Object.entries(shape)) {
    const field = source[key]
    const optional = type.endsWith('?')
    if (field === undefined && optional) continue
    const ok = type.startsWith('number')
      ? typeof field === 'number' && Number.isFinite(field)
      : typeof field === 'string'
    if (!ok) return null
    record[key] = field
  }
  return record as RecordOf<S>
}
