/** At most this many addresses per person. */
export const MAX_ADDRESSES_PER_PERSON = 20

export const ADDRESS_MESSAGES = {
  added: 'Dirección agregada exitosamente',
  deleted: 'Dirección eliminada',
  limit: `Solo puedes guardar ${MAX_ADDRESSES_PER_PERSON} direcciones.`,
  notFound: 'La dirección no existe.',
} as const
