import { CatalogCsvTransfer } from '@/features/catalog/admin/components/catalog-csv-transfer'

/**
 * `/admin/importar` (issue 17): the catalogue as a CSV file. The export downloads every product, for sale or not;
 * the import creates or updates products by reference after checking every row, and with a single bad row changes
 * nothing and lists each problem by line and column. The stock of a product the shop already has never changes
 * here: it moves with inventory movements.
 */
export function Component() {
  return (
    <div className="mt-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Importar / exportar</h1>
      <p className="mt-1 max-w-3xl text-sm leading-relaxed text-ink-600">
        El catálogo completo como archivo CSV, para revisarlo o cambiarlo en Excel y volver a subirlo.
      </p>
      <CatalogCsvTransfer />
    </div>
  )
}
