import { MAX_ID } from '@piel/contracts/values'

/** `"3,7,12"` → ids 3, 7 and 12; segments that are not positive integers are kept aside to tell the shopper. */
export function parseProductIds(raw: string): { ids: number[]; invalid: string[] } {
  const ids: number[] = []
  const invalid: string[] = []
  for (const segment of raw.split(',').map((part) => part.trim())) {
    if (segment === '') continue
    const id = /^\d{1,10}$/.test(segment) ? Number(segment) : Number.NaN
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID) invalid.push(segment)
    else if (!ids.includes(id)) ids.push(id)
  }
  return { ids, invalid }
}
