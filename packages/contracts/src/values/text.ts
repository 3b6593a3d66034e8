/**
 * The one rule for text that comes in (issue 15): well-formed Unicode (no lone surrogate: half a
 * character, which PostgreSQL refuses) and no control character other than tab and line breaks (NUL
 * included: PostgreSQL text refuses the byte 0x00). The server applies it to every string of every
 * request's body, query and path at one door; forms may use it to answer before sending.
 */

/** A lone surrogate: half a character, not well-formed Unicode. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Well-formed text without control characters other than tab and line breaks. */
export function isCleanText(text: string): boolean {
  if (LONE_SURROGATE.test(text)) return false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return false
  }
  return true
}

/** The Spanish answer for a field whose text breaks the rule. */
export const UNCLEAN_TEXT_MESSAGE = 'Tiene caracteres no válidos.'

/**
 * Where the first string of a value breaks the rule, as a dotted path (`productos.0.nombre`; `''`
 * for the value itself), or null when every string is clean. Keys are checked as well as values.
 */
export function findUncleanText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isCleanText(value) ? null : path
  if (typeof value !== 'object' || value === null) return null
  // An explicit stack: a body nested thousands deep must not overflow the server's own stack.
  const stack: { value: unknown; path: string }[] = [{ value, path }]
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string }
    if (typeof item.value === 'string') {
      if (!isCleanText(item.value)) return item.path
      continue
    }
    if (typeof item.value !== 'object' || item.value === null) continue
    for (const [key, child] of Object.entries(item.value)) {
      const childPath = item.path ? `${item.path}.${key}` : key
      if (!isCleanText(key)) return childPath
      stack.push({ value: child, path: childPath })
    }
  }
  return null
}
