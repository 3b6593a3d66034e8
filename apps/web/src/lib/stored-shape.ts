/*
 * Reading back what this app itself wrote to the browser's storage (the cart, the greeting's user, the assistant's
 * chat with its analyses), without zod on the pages that read them (issue 16, decisions 015 and 016).
 * A shape is a function that returns the value as its type or throws; `readShape` turns a mismatch into `null`,
 * as a stale or tampered value should read. Objects keep only the fields their shape names.
 */

class Mismatch extends Error {}

const mismatch = (): never => {
  throw new Mismatch()
}

export type Shape<T> = (value: unknown) => T

export const text: Shape<string> = (value) => (typeof value === 'string' ? value : mismatch())

/** A finite number, within `min`–`max` when given. */
export const number =
  (min = Number.NEGATIVE_INFINITY, max = Number.POSITIVE_INFINITY): Shape<number> =>
  (value) =>
    typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : mismatch()

export const integer: Shape<number> = (value) => (Number.isInteger(value) ? (value as number) : mismatch())

export const flag: Shape<boolean> = (value) => (typeof value === 'boolean' ? value : mismatch())

export const oneOf =
  <const V extends readonly string[]>(values: V): Shape<V[number]> =>
  (value) =>
    values.includes(value as V[number]) ? (value as V[number]) : mismatch()

/** A value of `shape` that also passes `test`. */
export const where =
  <T>(shape: Shape<T>, test: (value: T) => boolean): Shape<T> =>
  (value) => {
    const checked = shape(value)
    return test(checked) ? checked : mismatch()
  }

export const optional =
  <T>(shape: Shape<T>): Shape<T | undefined> =>
  (value) =>
    value === undefined ? undefined : shape(value)

export const nullable =
  <T>(shape: Shape<T>): Shape<T | null> =>
  (value) =>
    value === null ? null : shape(value)

/** A list of at most `max` items, each of `shape`. */
export const list =
  <T>(shape: Shape<T>, max = Number.POSITIVE_INFINITY): Shape<T[]> =>
  (value) =>
    Array.isArray(value) && value.length <= max ? value.map(shape) : mismatch()

export const pair =
  <T>(shape: Shape<T>): Shape<[T, T]> =>
  (value) =>
    Array.isArray(value) && value.length === 2 ? [shape(value[0]), shape(value[1])] : mismatch()

const fields = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : mismatch()

type Out<S> = S extends Shape<infer T> ? T : never
type Optional<S> = { [K in keyof S]: undefined extends Out<S[K]> ? K : never }[keyof S]
export type ObjectOf<S extends Record<string, Shape<unknown>>> = {
  [K in Exclude<keyof S, Optional<S>>]: Out<S[K]>
} & {
  [K in Optional<S>]?: Exclude<Out<S[K]>, undefined>
}

/** An object with the fields of `shapes` (a field whose shape allows `undefined` may be absent). */
export const object =
  <S extends Record<string, Shape<unknown>>>(shapes: S): Shape<ObjectOf<S>> =>
  (value) => {
    const source = fields(value)
    const result: Record<string, unknown> = {}
    for (const [key, shape] of Object.entries(shapes)) {
      const field = shape(source[key])
      if (field !== undefined) result[key] = field
    }
    return result as ObjectOf<S>
  }

/** An object whose keys are some of `keys`, each value of `shape`; other keys are dropped. */
export const partialRecord =
  <K extends string, T>(keys: readonly K[], shape: Shape<T>): Shape<Partial<Record<K, T>>> =>
  (value) => {
    const source = fields(value)
    const result: Partial<Record<K, T>> = {}
    for (const key of keys) if (source[key] !== undefined) result[key] = shape(source[key])
    return result
  }

/** An object with every one of `keys`, each value of `shape`. */
export const fullRecord =
  <K extends string, T>(keys: readonly K[], shape: Shape<T>): Shape<Record<K, T>> =>
  (value) => {
    const source = fields(value)
    const result = {} as Record<K, T>
    for (const key of keys) result[key] = shape(source[key])
    return result
  }

/** `value` as `shape`, or null when it does not fit. */
export function readShape<T>(value: unknown, shape: Shape<T>): T | null {
  try {
    return shape(value)
  } catch (error) {
    if (error instanceof Mismatch) return null
    throw error
  }
}
