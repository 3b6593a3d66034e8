import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { catalogDetailQueries } from './detail-api'
import { parseId } from './list-filters'

/** The store's catalogues and the one chosen in the address (`?catalogo=3&sub=5`), if it exists. */
export function useCatalogChoice(storeId: number) {
  const [searchParams] = useSearchParams()
  const catalogs = useQuery(catalogDetailQueries.catalogs(storeId))
  const catalogId = parseId(searchParams.get('catalogo'))
  const selected = catalogs.data?.find((catalog) => catalog.id === catalogId)
  const subId = parseId(searchParams.get('sub'))
  return {
    catalogs,
    /** The address names a catalogue the store does not have. */
    unknown: catalogId !== undefined && catalogs.isSuccess && selected === undefined,
    selected,
    selectedSub: selected?.subCategorias.find((sub) => sub.id === subId),
  }
}
