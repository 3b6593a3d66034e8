export const GOOGLE_SIGN_IN_START_PATH = '/swagger/api/login/google/iniciar'
/** Query parameter of /login that carries the Spanish message of a failed Google sign-in. */
export const GOOGLE_SIGN_IN_ERROR_PARAM = 'error'
