/**
 * The bot's text as the chat shows it (spec 001 §3: "Bot text is shown as HTML"): safe HTML built
 * here, never from markup found in the text. Every character that means something in HTML is
 * escaped, paragraphs (blank lines) become `<p>`, single line breaks `<br>`, and links go only to
 * the shop's own pages (a path starting with one `/`), so nothing a shopper or a catalogue entry
 * writes can inject a script, a style or an outside link.
 */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => ESCAPES[c] as string)
}

/** A path of the shop: one leading slash, then only path characters (no scheme, no `//host`). */
export const isShopPath = (path: string): boolean => /^\/(?!\/)[A-Za-z0-9/_\-.,?=&%]*$/.test(path)

export function toSafeHtml(text: string, links: readonly { texto: string; ruta: string }[] = []): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.split('\n').map(escapeHtml).join('<br>')}</p>`)
  const anchors = links
    .filter((link) => isShopPath(link.ruta))
    .map((link) => `<a href="${escapeHtml(link.ruta)}">${escapeHtml(link.texto)}</a>`)
  if (anchors.length > 0) paragraphs.push(`<p>${anchors.join(' · ')}</p>`)
  return paragraphs.join('')
}
