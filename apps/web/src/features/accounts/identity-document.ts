/**
 * The identity document as the account's forms ask for it (registration, profile completion): the person's field
 * names, the label, an empty first choice (no kind is chosen until the person picks one) and a digits keyboard for
 * the number. Spread into `DocumentFields` beside the form's `register`, `errors` and the kinds offered.
 */
export const IDENTITY_DOCUMENT_FIELDS = {
  names: { type: 'tipoIdentificacion', number: 'numeroDocumento' },
  typeLabel: 'Tipo de identificación',
  emptyOption: 'Selecciona…',
  numberInputMode: 'numeric',
} as const
