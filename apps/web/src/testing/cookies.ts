/**
 * Cookies as the server would leave them (the readable CSRF cookie of a session). happy-dom has no Cookie Store API,
 * so the tests write `document.cookie`, here only.
 */
export function setCookie(name: string, value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: happy-dom offers no Cookie Store API.
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/`
}

export function clearCookies() {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim()
    // biome-ignore lint/suspicious/noDocumentCookie: happy-dom offers no Cookie Store API.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
}
