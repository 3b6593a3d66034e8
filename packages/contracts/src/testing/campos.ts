import type { z } from 'zod'

/**
 * The first message of each refused field, as the server answers it in `campos` ('' is the value
 * itself): what the contracts' tests compare with the Spanish texts a shopper reads.
 */
export function campos(schema: z.ZodType, input: unknown): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of schema.safeParse(input).error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message
  return fields
}
