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
