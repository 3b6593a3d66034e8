/**
 * Small helpers for Spanish text: a stable choice among phrasings (the same input always reads the
 * same, different inputs read differently), lists joined with "y", signed numbers, the normal form
 * messages and catalogue values are compared in.
 */

/** Lower case, accents removed, anything but letters and digits as single spaces. */
export function normalise(text: string): string {
  return ` ${text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `
}

/** Lower case for a sentence's middle, keeping letters that are names ("Vitamina C" → "vitamina C", "Q10"). */
export function lowerInSentence(value: string): string {
  return value
    .split(' ')
    .map((word) => (word.length > 1 && word.slice(1) === word.slice(1).toLowerCase() ? word.toLowerCase() : word))
    .join(' ')
}

/** FNV-1a over a string: a stable 32-bit number. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** One of the phrasings, chosen by the seed and a salt (so two choices in one reply are independent). */
export function pick<T>(options: readonly T[], seed: string, salt: string): T {
  return options[stableHash(`${seed}|${salt}`) % options.length] as T
}

/** "a", "a y b", "a, b y c". */
export function joinSpanish(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`
}

/** +12, −3 (true minus sign), 0. */
export const signed = (value: number): string => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0')

/** The first letter in capitals. */
export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)
