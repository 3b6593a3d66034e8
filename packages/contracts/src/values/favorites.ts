export const FAVORITE_MESSAGES = {
  added: 'Agregado a favoritos',
  removed: 'Eliminado',
} as const
