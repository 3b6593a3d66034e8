import type { Backup, BackupList } from '@piel/contracts'
import { EmptyList, ListSkeleton } from '@/components/admin/admin-list'
import { buttonStyles } from '@/components/ui/button-styles'
import { FormAlert } from '@/components/ui/form-field'
import { QueryNotice } from '@/components/ui/query-notice'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { backupDownloadUrl, useBackups, useCreateBackup } from '../backups-api'

const ORIGIN_NAMES: Record<Backup['origen'], string> = {
  programado: 'Programado',
  manual: 'Desde la oficina',
  consola: 'Desde la consola',
}

const whole = (count: number) => count.toLocaleString('es-CO')

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const

/**
 * `formatBytes(4_404_019)` → "4,2 MB": a file's size as people read it, in units of 1024 as the shop's own limits
 * are ("hasta 6 MB" is 6 × 1024 × 1024 bytes).
 */
function formatBytes(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${whole(bytes)} bytes`
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit++
  }
  // Below 10 one decimal tells sizes apart (4,2 MB); above, whole units read better (380 MB).
  return `${value.toLocaleString('es-CO', { maximumFractionDigits: value < 10 ? 1 : 0 })} ${UNITS[unit]}`
}

/** "Se hace uno cada 24 horas y se conservan los 14 más recientes. Próximo: …", or that the schedule is off. */
function scheduleText({ cadaHoras, conservar, proximo }: BackupList): string {
  const kept = conservar === 1 ? 'se conserva el más reciente' : `se conservan los ${whole(conservar)} más recientes`
  if (cadaHoras === null) {
    return `Los respaldos programados están apagados (BACKUP_EVERY=0). ${kept.charAt(0).toUpperCase()}${kept.slice(1)}.`
  }
  const every = cadaHoras === 1 ? 'cada hora' : `cada ${cadaHoras.toLocaleString('es-CO')} horas`
  // No full stop after the time: "3:00 a. m." already ends in one.
  const next = proximo ? ` Próximo: ${formatDateTime(proximo)}` : ''
  return `Se hace uno ${every} y ${kept}.${next}`
}

/** The server's own words when it refused or failed (a backup already running, a full disk…). */
const failureText = (error: Error) =>
  error instanceof ApiError ? (error.serverMessage ?? error.message) : error.message

/**
 * The backups the server keeps, newest first, each to download and keep elsewhere; above them the schedule
 * (`BACKUP_EVERY`) and the button that makes one at once.
 */
export function BackupsPanel() {
  const list = useBackups()
  const create = useCreateBackup()
  const data = list.data
  const busy = create.isPending || data?.enCurso === true

  return (
    <>
      <div className="mt-5 flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <div className="min-w-0 text-sm leading-relaxed text-ink-700">
          {data && <p>{scheduleText(data)}</p>}
          {data?.enCurso && !create.isPending && (
            <p className="mt-1 text-ink-600">Se está haciendo un respaldo; la lista se actualiza cuando termine.</p>
          )}
        </div>
        <button
          type="button"
          disabled={busy}
          onClick={() => create.mutate()}
          className={`${buttonStyles.primary} min-h-11 shrink-0`}
        >
          {busy && <Spinner />}
          {busy ? 'Creando respaldo…' : 'Crear respaldo ahora'}
        </button>
      </div>

      <FormAlert tone="danger" message={create.isError ? failureText(create.error) : null} className="mt-4" />
      <FormAlert
        tone="success"
        message={
          create.isSuccess ? `Respaldo creado: ${create.data.nombre} (${formatBytes(create.data.bytes)}).` : null
        }
        className="mt-4"
      />

      <section aria-label="Respaldos guardados" aria-busy={list.isFetching} className="mt-5">
        {list.isPending ? (
          <ListSkeleton label="Cargando respaldos…" />
        ) : list.isError ? (
          <QueryNotice query={list} title="No pudimos cargar los respaldos." text={list.error.message} />
        ) : data && data.respaldos.length === 0 ? (
          <EmptyList>Todavía no hay respaldos.</EmptyList>
        ) : data ? (
          <>
            <p className="mb-3 text-sm text-ink-600">
              {data.respaldos.length === 1 ? '1 respaldo' : `${whole(data.respaldos.length)} respaldos`}
            </p>
            <ul className="divide-y divide-sand-200 overflow-hidden rounded-2xl border border-sand-200 bg-white">
              {data.respaldos.map((backup) => (
                <BackupRow key={backup.nombre} backup={backup} />
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <p className="mt-4 max-w-2xl text-sm leading-relaxed text-ink-600">
        Cada respaldo lleva todos los datos de la tienda, también los personales: guárdelo fuera de este servidor y en
        un lugar seguro.
      </p>
    </>
  )
}

/** One backup: when it was made and its file, its size, photos and origin, and its download. */
function BackupRow({ backup }: { backup: Backup }) {
  const date = formatDateTime(backup.creado)
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2 px-4 py-4 sm:px-5 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1.6fr)_auto]">
      <span className="min-w-0">
        <time dateTime={backup.creado} className="block font-semibold text-ink-900">
          {date}
        </time>
        <span className="block font-mono text-xs [overflow-wrap:anywhere] text-ink-600">{backup.nombre}</span>
      </span>
      <a
        href={backupDownloadUrl(backup.nombre)}
        download
        className={`${buttonStyles.secondary} min-h-11 justify-self-end md:order-last`}
      >
        Descargar<span className="sr-only"> el respaldo del {date}</span>
      </a>
      <span className="col-span-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-700 md:col-span-1 md:grid md:grid-cols-[5.5rem_6rem_minmax(0,1fr)] md:gap-x-4">
        <span>
          <span className="sr-only">Tamaño: </span>
          <span className="tabular-nums">{formatBytes(backup.bytes)}</span>
        </span>
        <span>
          <span className="sr-only">Fotos: </span>
          {backup.fotos === 1 ? '1 foto' : `${whole(backup.fotos)} fotos`}
        </span>
        <span>
          <span className="sr-only">Origen: </span>
          <span className="rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold text-ink-700">
            {ORIGIN_NAMES[backup.origen]}
          </span>
        </span>
      </span>
    </li>
  )
}
