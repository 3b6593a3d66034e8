import type { FieldValues, Resolver } from 'react-hook-form'

/**
 * Adapts a contract's resolver (typed with the schema's loose input) to a form's own field types, and reads an
 * empty answer (`''`, or `null` for an unchosen radio) in the listed fields as missing: the contract's
 * `z.coerce.number()` would otherwise read it as the code 0.
 */
export function formResolver<Values extends FieldValues, Output>(
  // biome-ignore lint/suspicious/noExplicitAny: the wrapped resolver's input type is the contract's, looser than the form's.
  resolver: Resolver<any, any, any>,
  emptyAsMissing: readonly (keyof Values & string)[] = [],
): Resolver<Values, unknown, Output> {
  return (values, context, options) => {
    const cleaned: Record<string, unknown> = { ...values }
    for (const field of emptyAsMissing) if (cleaned[field] === '' || cleaned[field] === null) cleaned[field] = undefined
    return resolver(cleaned, context, options) as ReturnType<Resolver<Values, unknown, Output>>
  }
}
