import type { CatalogCsvImportResult, CatalogCsvInvalid } from '@piel/contracts'
import { CATALOG_CSV_MAX_BYTES, CATALOG_CSV_MESSAGES } from '@piel/contracts/values'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { Spinner } from '@/components/ui/spinner'
import { CATALOG_EXPORT_URL, type CatalogImportAnswer, importCatalogCsv } from '../csv-api'

const whole = (count: number) => count.toLocaleString('es-CO')

/** What each column holds, as the screen explains it. */
const COLUMNS: readonly [string, string][] = [
  ['referencia', 'La clave del producto: si ya está en la tienda se actualiza; si no, se crea.'],
  ['nombre, marca, detalle', 'Como se ven en la tienda.'],
  ['registroInvima', 'Puede ir vacío.'],
  ['catalogo, subcategoria', 'Por su nombre, como están en la tienda; los dos vacíos: sin subcategoría.'],
  [
    'valor, valorCorp',
    'Lo que paga el cliente (y el cliente corporativo), en pesos con IVA y el descuento ya aplicado.',
  ],
  ['descuento, iva, descuentoCorp, ivaCorp', 'Porcentajes, de 0 a 100.'],
  ['umbralExistencia', 'Por debajo de este número el producto sale con existencia baja.'],
  ['enVenta', 'si o no.'],
  ['existencia', 'Solo para productos nuevos: sus primeras unidades.'],
  ['caracteristicas', 'Tipo de piel=Seca|Sensible; Ingrediente activo=Niacinamida'],
  ['imagenPrincipal', 'Solo en la exportación; al importar no se lee.'],
]

/**
 * The catalogue as a CSV file (issue 17). The export downloads every product, for sale or not;
 * the import creates or updates products by reference after checking every row, and with a single bad row changes
 * nothing and lists each problem by line and column. The stock of a product the shop already has never changes
 * here: it moves with inventory movements.
 */
export function CatalogCsvTransfer() {
  const fileId = useId()
  const helpId = useId()
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const [localProblem, setLocalProblem] = useState<string | null>(null)
  const upload = useMutation({
    mutationFn: (chosen: File) => importCatalogCsv(chosen),
    onSuccess: (answer) => {
      // Every product list and product of the back office may have changed.
      if (answer.ok) return queryClient.invalidateQueries({ queryKey: ['admin', 'products'] })
    },
  })

  const choose = (chosen: File | null) => {
    setFile(chosen)
    upload.reset()
    setLocalProblem(chosen && chosen.size > CATALOG_CSV_MAX_BYTES ? CATALOG_CSV_MESSAGES.tooLarge : null)
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!file) return setLocalProblem('Elige el archivo CSV del catálogo.')
    if (file.size > CATALOG_CSV_MAX_BYTES) return setLocalProblem(CATALOG_CSV_MESSAGES.tooLarge)
    upload.mutate(file)
  }

  return (
    <>
      <div className="mt-5 grid gap-4 md:grid-cols-2">
        <section aria-labelledby="exportar" className="rounded-2xl border border-sand-200 bg-white p-5">
          <h2 id="exportar" className="text-lg font-semibold">
            Exportar
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-ink-600">
            Todos los productos de la tienda, a la venta o no, con sus precios, existencia y características. Se abre en
            Excel tal como está (separado por punto y coma). La existencia y la imagen principal van solo para consulta.
          </p>
          <a href={CATALOG_EXPORT_URL} download className={`${buttonStyles.secondary} mt-4`}>
            Descargar catálogo (CSV)
          </a>
        </section>

        <section aria-labelledby="importar" className="rounded-2xl border border-sand-200 bg-white p-5">
          <h2 id="importar" className="text-lg font-semibold">
            Importar
          </h2>
          <form onSubmit={onSubmit} noValidate className="mt-1">
            <p id={`${fileId}-titulo`} className="text-sm font-semibold text-ink-800">
              Archivo CSV del catálogo
            </p>
            {/* The browser's own file button speaks the browser's language: this one speaks Spanish. */}
            <div className="mt-2 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2">
              <input
                id={fileId}
                type="file"
                accept=".csv,text/csv"
                aria-labelledby={`${fileId}-titulo`}
                aria-describedby={`${fileId}-elegido ${helpId}`}
                onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
                className="peer sr-only"
              />
              <label
                htmlFor={fileId}
                className={`${buttonStyles.secondary} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2`}
              >
                Elegir archivo
              </label>
              <span id={`${fileId}-elegido`} className="min-w-0 text-sm break-all text-ink-700">
                {file ? file.name : 'Ningún archivo elegido'}
              </span>
            </div>
            <p id={helpId} className="mt-2 text-sm leading-relaxed text-ink-600">
              Hasta 6 MB. Se revisan todas las filas antes de cambiar algo: si una tiene un error, no se cambia nada.{' '}
              {CATALOG_CSV_MESSAGES.stockUnchanged}
            </p>
            <button type="submit" disabled={upload.isPending} className={`${buttonStyles.primary} mt-4`}>
              {upload.isPending && <Spinner />}
              {upload.isPending ? 'Revisando e importando…' : 'Revisar e importar'}
            </button>
          </form>
        </section>
      </div>

      <div aria-live="polite" className="mt-5">
        {localProblem ? (
          <p
            role="alert"
            className="rounded-2xl border border-clay-300/60 bg-clay-100/50 px-5 py-4 text-sm text-ink-900"
          >
            {localProblem}
          </p>
        ) : upload.isError ? (
          <p
            role="alert"
            className="rounded-2xl border border-clay-300/60 bg-clay-100/50 px-5 py-4 text-sm text-ink-900"
          >
            No pudimos importar el archivo. {upload.error.message}
          </p>
        ) : upload.data ? (
          <ImportOutcome answer={upload.data} />
        ) : null}
      </div>

      <section aria-labelledby="formato" className="mt-6 rounded-2xl border border-sand-200 bg-sand-50 p-5">
        <h2 id="formato" className="text-lg font-semibold">
          Cómo debe ser el archivo
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm leading-relaxed text-ink-700">
          <li>
            La primera fila lleva los nombres de las columnas, como en la exportación; el orden no importa. Lo más fácil
            es exportar, cambiar en Excel y volver a subir.
          </li>
          <li>
            Separado por punto y coma (como guarda Excel en Colombia) o por coma. Excel puede guardarlo como «CSV UTF-8»
            o como «CSV»: los dos sirven.
          </li>
          <li>Valores en pesos enteros, sin decimales: 89900 o 89.900.</li>
        </ul>
        <dl className="mt-3 divide-y divide-sand-200 text-sm">
          {COLUMNS.map(([name, text]) => (
            <div key={name} className="py-2 sm:grid sm:grid-cols-[16rem_minmax(0,1fr)] sm:gap-4">
              <dt className="font-mono text-xs font-semibold break-words text-ink-900 sm:text-sm">{name}</dt>
              <dd className="mt-0.5 break-words text-ink-700 sm:mt-0">{text}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  )
}

function ImportOutcome({ answer }: { answer: CatalogImportAnswer }) {
  return answer.ok ? <Summary result={answer.result} /> : <Refusal refused={answer.refused} />
}

function Summary({ result }: { result: CatalogCsvImportResult }) {
  const counts: [string, number][] = [
    ['Creados', result.creados],
    ['Actualizados', result.actualizados],
    ['Sin cambios', result.sinCambios],
  ]
  return (
    <section aria-labelledby="resultado" className="rounded-2xl border border-brand-700/20 bg-brand-50 p-5">
      <h2 id="resultado" className="text-lg font-semibold text-brand-900">
        Catálogo importado
      </h2>
      <dl className="mt-3 grid grid-cols-3 gap-3">
        {counts.map(([label, count]) => (
          <div key={label} className="rounded-xl bg-white px-3 py-3 text-center">
            <dt className="text-xs font-semibold text-ink-600 sm:text-sm">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums text-ink-900">{whole(count)}</dd>
          </div>
        ))}
      </dl>
      {result.existenciaIgnorada > 0 && (
        <p className="mt-3 text-sm leading-relaxed text-ink-700">
          En {whole(result.existenciaIgnorada)}{' '}
          {result.existenciaIgnorada === 1 ? 'producto que ya estaba' : 'productos que ya estaban'} en la tienda la
          existencia del archivo es otra: no se cambió. La existencia se cambia con movimientos de inventario.
        </p>
      )}
    </section>
  )
}

function Refusal({ refused }: { refused: CatalogCsvInvalid }) {
  const errors = refused.errores ?? []
  const total = refused.totalErrores ?? errors.length
  return (
    <section aria-labelledby="errores" className="rounded-2xl border border-clay-300/60 bg-white">
      <div className="border-b border-clay-300/60 bg-clay-100/50 px-5 py-4">
        <h2 id="errores" className="text-lg font-semibold text-ink-900">
          {total === 1 ? 'El archivo tiene 1 error' : `El archivo tiene ${whole(total)} errores`}: no se cambió nada
        </h2>
        <p className="mt-1 text-sm text-ink-900">
          {refused.mensaje === CATALOG_CSV_MESSAGES.invalid ? 'Corrígelos y vuelve a subirlo.' : refused.mensaje}
          {total > errors.length && ` Se muestran los primeros ${whole(errors.length)}.`}
        </p>
      </div>
      {errors.length > 0 && (
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">Errores del archivo por línea y columna</caption>
          <thead className="bg-sand-50 text-xs font-semibold tracking-wide text-ink-600 uppercase">
            <tr>
              <th scope="col" className="w-16 px-3 py-2 sm:w-20 sm:px-5">
                Línea
              </th>
              <th scope="col" className="w-28 px-3 py-2 sm:w-44 sm:px-5">
                Columna
              </th>
              <th scope="col" className="px-3 py-2 sm:px-5">
                Error
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-sand-200">
            {errors.map((error) => (
              <tr key={`${error.linea}-${error.columna}-${error.mensaje}`} className="align-top">
                <td className="px-3 py-2 tabular-nums sm:px-5">{whole(error.linea)}</td>
                <td className="px-3 py-2 font-mono text-xs break-words sm:px-5 sm:text-sm">{error.columna ?? '—'}</td>
                <td className="px-3 py-2 break-words text-ink-800 sm:px-5">{error.mensaje}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
