/** `%text%` for `ilike`: the text's own `%`, `_` and `\` match themselves, not any characters. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
