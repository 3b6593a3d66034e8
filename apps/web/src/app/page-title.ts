/**
 * The tab title rule of spec 000 §2: the first path segment with its first letter capitalised, then the store name.
 * `pageTitle('/storeProducts/10018', 'Piel Dermocosmética')` → "StoreProducts | Piel Dermocosmética".
 */
export function pageTitle(pathname: string, storeName?: string): string {
  const raw = pathname.split('/').find(Boolean) ?? 'home'
  let segment = raw
  try {
    segment = decodeURIComponent(raw)
  } catch {
    // A malformed escape stays as typed.
  }
  const label = segment.charAt(0).toUpperCase() + segment.slice(1)
  return storeName ? `${label} | ${storeName}` : label
}
