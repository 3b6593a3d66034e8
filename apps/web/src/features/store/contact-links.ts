const digitsOf = (value: string) => value.replace(/\D/g, '')

/** `https://wa.me/57<digits>` for a Colombian number, whether or not it was stored with the country code. */
export function whatsappUrl(whatsapp: string): string {
  const digits = digitsOf(whatsapp)
  const national = digits.length === 12 && digits.startsWith('57') ? digits.slice(2) : digits
  return `https://wa.me/57${national}`
}

export const telUrl = (phone: string) => `tel:+57${digitsOf(phone).replace(/^57(?=\d{10}$)/, '')}`

/** `3001234567` → `300 123 4567`; anything that is not a 10-digit national number is shown as stored. */
export function formatPhone(phone: string): string {
  const digits = digitsOf(phone)
  return digits.length === 10 ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : phone
}
