/** Messages of the error catalogue (spec 000 §8) shared by server and client. */
export const MESSAGES = {
  unexpected: 'Ha ocurrido un error inesperado.',
  unauthorized: 'No autorizado',
  notFound: 'Recurso no encontrado',
  preconditionFailed: 'Condición previa fallida',
  internal: 'Error interno del servidor',
  noResponse: 'Sin respuesta del servidor',
  invalidData: 'Los datos enviados no son válidos.',
} as const
