/** Validation texts of spec 000 §5, exactly. */
export const ACCOUNT_MESSAGES = {
  required: 'Requerido',
  requiredLower: 'requerido',
  fieldRequired: 'Campo requerido',
  invalidEmail: 'Correo inválido',
  passwordMin: 'Mínimo 8 caracteres',
  passwordRule: 'Debe contener mínimo un número y una letra mayúscula',
  newPasswordMin: 'Minimo 8 caracteres',
  newPasswordRule: 'Debe contener minimo un número y una letra Mayúscula',
  passwordsDiffer: 'Las contraseñas no coinciden',
  loginUser: 'Escriba su usuario',
  loginPassword: 'Escriba la contraseña',
  birthDateFuture: 'La fecha de nacimiento no puede ser futura',
  invalidMobile: 'Número de celular inválido (10 dígitos que empiezan por 3)',
  registered: 'Registro exitoso, su información ha sido creada con éxito.',
  registerFailed: 'Error en el registro. Verifica los datos.',
  emailTaken: 'Ya existe una cuenta con este correo.',
  loginFailed: 'Correo o contraseña incorrectos.',
  loginUnexpected: 'Error inesperado al iniciar sesión',
  recoverySent: 'Confirmación enviada a su correo',
  passwordUpdated: 'Contraseña actualizada',
  profileUpdated: 'Datos actualizados',
  profileUpdateFailed: 'Fallo al actualizar',
  profileUpdateError: 'Ocurrió un error al actualizar.',
  googleError: 'Error con Google: ',
  tryAgain: 'Intenta nuevamente',
  loginRequiredTitle: 'Iniciar sesión requerido',
  loginRequiredText: 'Debes iniciar sesión para realizar esta acción.',
} as const

export const DOCUMENT_TYPES = [
  { valor: 'CC', descripcion: 'Cédula de ciudadanía' },
  { valor: 'CE', descripcion: 'Cédula de extranjería' },
] as const

/**
 * How the number of each kind of identity document is written (issue 35: «12ab» was taken as a cédula). `digits`
 * is what the number may be made of, `whole` the number with its length; each has the message that names the
 * document. The number is judged as typed: dots, spaces or letters in a cédula are refused, not removed, so what is
 * stored is what the person wrote (the schemas only trim). Lengths: a cédula de ciudadanía has 3 to 10 digits (old
 * ones are short); a tarjeta de identidad 6 to 11; a cédula de extranjería up to 12, as dLocal's Colombian rules
 * allow (the shop's notes on Colombia); a NIT 3 to 10 digits (a company's 9, a person's is the cédula) with its
 * check digit after a hyphen if given, as `900123456-7`; a passport or a migrant's permit (PEP, PPT) 4 to 20
 * letters and digits. Written as plain literals, so the web's first load drops them when nothing there uses them.
 */
const DOCUMENT_NUMBER_RULES: Readonly<
  Record<string, { digits: RegExp; whole: RegExp; chars: string; length: string }>
> = {
  CC: {
    digits: /^\d+$/,
    whole: /^\d{3,10}$/,
    chars: 'La cédula solo lleva números (sin puntos ni letras)',
    length: 'La cédula lleva de 3 a 10 números',
  },
  CE: {
    digits: /^\d+$/,
    whole: /^\d{3,12}$/,
    chars: 'La cédula de extranjería solo lleva números (sin puntos ni letras)',
    length: 'La cédula de extranjería lleva de 3 a 12 números',
  },
  TI: {
    digits: /^\d+$/,
    whole: /^\d{6,11}$/,
    chars: 'La tarjeta de identidad solo lleva números (sin puntos ni letras)',
    length: 'La tarjeta de identidad lleva de 6 a 11 números',
  },
  NIT: {
    digits: /^\d+(-\d)?$/,
    whole: /^\d{3,10}(-\d)?$/,
    chars:
      'El NIT solo lleva números, y si quieres el dígito de verificación tras un guion (sin puntos ni letras), por ejemplo 900123456-7',
    length: 'El NIT lleva de 3 a 10 números antes del dígito de verificación',
  },
  PA: {
    digits: /^[A-Za-z\d]+$/,
    whole: /^[A-Za-z\d]{4,20}$/,
    chars: 'El pasaporte solo lleva letras y números (sin espacios ni símbolos)',
    length: 'El pasaporte lleva de 4 a 20 letras y números',
  },
  PP: {
    digits: /^[A-Za-z\d]+$/,
    whole: /^[A-Za-z\d]{4,20}$/,
    chars: 'El pasaporte solo lleva letras y números (sin espacios ni símbolos)',
    length: 'El pasaporte lleva de 4 a 20 letras y números',
  },
  PEP: {
    digits: /^[A-Za-z\d]+$/,
    whole: /^[A-Za-z\d]{4,20}$/,
    chars: 'El PEP solo lleva letras y números (sin espacios ni símbolos)',
    length: 'El PEP lleva de 4 a 20 letras y números',
  },
  PPT: {
    digits: /^[A-Za-z\d]+$/,
    whole: /^[A-Za-z\d]{4,20}$/,
    chars: 'El PPT solo lleva letras y números (sin espacios ni símbolos)',
    length: 'El PPT lleva de 4 a 20 letras y números',
  },
}

/** A number whose kind is not known yet (none chosen, or one refused): letters, digits and hyphens only. */
const ANY_DOCUMENT_NUMBER = /^[0-9A-Za-z-]+$/

/**
 * What is wrong with a document number for its kind (`CC`, `ce`…; see `DOCUMENT_NUMBER_RULES`), or `undefined` when
 * nothing is, or when there is no number to judge (a missing one is the field's own «Requerido»). Without a known
 * kind, only letters, digits and hyphens are allowed.
 */
export function documentNumberProblem(type: unknown, number: unknown): string | undefined {
  if (typeof number !== 'string' || number === '') return undefined
  const rule = typeof type === 'string' ? DOCUMENT_NUMBER_RULES[type.trim().toUpperCase()] : undefined
  if (!rule) return ANY_DOCUMENT_NUMBER.test(number) ? undefined : 'Número de documento inválido'
  if (!rule.digits.test(number)) return rule.chars
  return rule.whole.test(number) ? undefined : rule.length
}

/** A Colombian mobile: 10 digits starting with 3 (spaces, dashes and +57 are tolerated and removed). */
export function normalizeColombianMobile(value: string): string | null {
  const digits = value.replace(/[\s().-]/g, '').replace(/^\+?57(?=3\d{9}$)/, '')
  return /^3\d{9}$/.test(digits) ? digits : null
}

/** Which corporate clients the back office lists: those waiting for authorisation, the authorised, or all. */
export const CORPORATE_CLIENT_STATES = ['pendientes', 'autorizados', 'todos'] as const

/** Texts of the back office's account calls (the administrator role, corporate clients) shared by the server and the web. */
export const ADMIN_MESSAGES = {
  adminOnly: 'Esta acción es solo para administradores de la tienda.',
  corporateAuthorized: 'Cliente corporativo autorizado: verá los precios corporativos.',
  corporateRevoked: 'Autorización corporativa retirada: verá los precios normales.',
  notCorporate: 'Esta persona no se registró como cliente corporativo.',
} as const
