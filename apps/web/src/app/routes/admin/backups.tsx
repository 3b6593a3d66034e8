import { BackupsPanel } from '@/features/backups/admin/components/backups-panel'

/**
 * `/admin/respaldos`: the copies of the shop's database and photos the server keeps, newest first, to download and
 * keep elsewhere; one can be made at once. The server makes them on its schedule (`BACKUP_EVERY`) and deletes the
 * oldest beyond the ones it keeps.
 */
export function Component() {
  return (
    <div className="mt-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Respaldos</h1>
      <p className="mt-1 max-w-2xl text-sm leading-relaxed text-ink-600">
        Copias completas de la base de datos y de las fotos de la tienda, para recuperarla si el servidor se daña o se
        pierde.
      </p>
      <BackupsPanel />
    </div>
  )
}
