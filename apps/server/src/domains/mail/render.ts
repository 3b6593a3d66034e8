const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * A paragraph; a paragraph of several lines (an order's products, its totals), one under the other; or a value set
 * apart so it is easy to read and copy (a temporary password).
 */
export type MailBlock = string | { lines: string[] } | { code: string }

/**
 * The one layout of the shop's e-mail: the same Spanish content as plain text and as simple HTML
 * (inline styles, no images), signed with the store's name.
 */
export function renderMail(
  storeName: string,
  content: { title: string; blocks: MailBlock[] },
  { hideCodes = false }: { hideCodes?: boolean } = {},
): { text: string; html: string } {
  if (hideCodes) {
    const hidden = '(oculta por seguridad)'
    content = {
      ...content,
      blocks: content.blocks.map((block) => (typeof block === 'string' || 'lines' in block ? block : { code: hidden })),
    }
  }
  const signature = `— El equipo de ${storeName}`
  const notice = 'Este mensaje se envió automáticamente; por favor no lo respondas.'
  const text = [
    content.title,
    '',
    ...content.blocks.flatMap((block) => [
      typeof block === 'string' ? block : 'lines' in block ? block.lines.join('\n') : `    ${block.code}`,
      '',
    ]),
    signature,
    '',
    notice,
    '',
  ].join('\n')
  const blocks = content.blocks
    .map((block) =>
      typeof block === 'string'
        ? `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(block)}</p>`
        : 'lines' in block
          ? `<p style="margin:0 0 16px;line-height:1.5">${block.lines.map(escapeHtml).join('<br>\n')}</p>`
          : `<p style="margin:0 0 16px"><code style="display:inline-block;padding:8px 16px;border-radius:6px;background:#f4ece8;font-size:20px;letter-spacing:2px">${escapeHtml(block.code)}</code></p>`,
    )
    .join('\n')
  const html = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>${escapeHtml(content.title)}</title></head>
<body style="margin:0;padding:24px;background:#faf7f5;font-family:Arial,Helvetica,sans-serif;color:#2b2321">
<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px;overflow-wrap:break-word;word-break:break-word">
<p style="margin:0 0 24px;font-size:18px;font-weight:bold;color:#8a4b3c">${escapeHtml(storeName)}</p>
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(content.title)}</h1>
${blocks}
<p style="margin:24px 0 0">${escapeHtml(signature)}</p>
<p style="margin:16px 0 0;font-size:12px;color:#7a6f6b">${escapeHtml(notice)}</p>
</div>
</body>
</html>
`
  return { text, html }
}
