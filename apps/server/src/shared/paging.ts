/** A back-office list's page (`pagina`, `tamanio`, as the contracts name them). */
export interface PageRequest {
  pagina: number
  tamanio: number
}

/** Rows to skip for the page. */
export const offsetOf = ({ pagina, tamanio }: PageRequest) => (pagina - 1) * tamanio

/** What a page says of itself, given how many rows match in all. */
export const pageInfo = ({ pagina, tamanio }: PageRequest, total: number) => ({
  total,
  pagina,
  tamanio,
  hayMas: pagina * tamanio < total,
})
