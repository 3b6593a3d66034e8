import { CatalogTreeEditor } from '@/features/catalog/admin/components/catalog-tree-editor'

/**
 * `/admin/catalogos` (issue 17, «Carrusel y catálogos»): the store's catalogues in the shop's order, each drawn as
 * the shop draws its tile, with its sub-catalogues. Staff create, rename, recolour, reorder, move and delete them;
 * every change is in the shop at once (the server refreshes the shop's caches).
 */
export function Component() {
  return <CatalogTreeEditor />
}
