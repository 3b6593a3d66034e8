import { useState } from 'react'
import { Pager } from '@/components/admin/admin-list'
import { formatCop, formatDateTime } from '@/lib/format'
import { useAuditHistory } from '../audit-api'

/** The audit's action names, as staff read them. */
const ACTIONS: Record<string, string> = {
  crear_producto: 'Creó el producto',
  editar_producto: 'Editó el producto',
  agregar_imagen: 'Agregó una imagen',
  quitar_imagen: 'Quitó una imagen',
  ordenar_imagenes: 'Cambió el orden de las imágenes',
  recibir_inventario: 'Recibió unidades',
  corregir_inventario: 'Corrigió la existencia',
  crear_producto_csv: 'Creó el producto (importación CSV)',
  editar_producto_csv: 'Editó el producto (importación CSV)',
  cambiar_estado: 'Cambió el estado',
  eliminar_aviso: 'Eliminó un aviso de disponibilidad',
  // Withdrawals (retracto, issue 17), shown in their order's history.
  retracto_solicitado: 'El cliente pidió el retracto',
  retracto_aceptado: 'Aceptó el retracto',
  retracto_rechazado: 'Rechazó el retracto',
  retracto_recibido: 'Recibió los productos del retracto',
  retracto_reembolsado: 'Registró el reembolso del retracto',
}

/** The form's field names, as staff read them. */
const FIELDS: Record<string, string> = {
  nombre: 'Nombre',
  marca: 'Marca',
  referencia: 'Referencia',
  detalle: 'Descripción',
  registroInvima: 'Registro INVIMA',
  idSubcategoria: 'Subcategoría',
  valor: 'Precio',
  descuento: 'Descuento',
  iva: 'IVA',
  valorCorp: 'Precio corporativo',
  descuentoCorp: 'Descuento corporativo',
  ivaCorp: 'IVA corporativo',
  umbralExistencia: 'Umbral de existencia baja',
  enVenta: 'A la venta',
  caracteristicas: 'Características',
  existencia: 'Existencia',
  imagenes: 'Imágenes',
  estado: 'Estado',
  nota: 'Nota',
  idRetracto: 'Retracto',
  motivo: 'Motivo',
  metodo: 'Medio del reembolso',
  idAviso: 'Aviso',
  pedidoEl: 'Pedido el',
}

const MONEY = new Set(['valor', 'valorCorp'])
const PERCENT = new Set(['descuento', 'iva', 'descuentoCorp', 'ivaCorp'])

const show = (key: string, value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'number' && MONEY.has(key)) return formatCop(value)
  if (typeof value === 'number' && PERCENT.has(key)) return `${value} %`
  if (typeof value === 'boolean') return value ? 'Sí' : 'No'
  if (Array.isArray(value)) return `${value.length}`
  if (typeof value === 'object') return JSON.stringify(value)
  const text = String(value)
  return text.length > 80 ? `${text.slice(0, 80)}…` : text
}

/** What changed in one entry: each field before → after. */
function Changes({ before, after }: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }) {
  // An order's state is kept as its number and its name: the name says it. Fields in the form's order.
  const order = Object.keys(FIELDS)
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length)
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
    .filter((key) => !(key === 'idEstado' && (after ?? before)?.estado !== undefined))
    .sort((a, b) => rank(a) - rank(b))
  if (keys.length === 0) return null
  return (
    <ul className="mt-1 space-y-0.5 text-ink-700">
      {keys.map((key) => (
        <li key={key} className="break-words">
          <span className="font-medium">{FIELDS[key] ?? key}:</span>{' '}
          {before && key in before ? `${show(key, before[key])} → ` : ''}
          {show(key, after?.[key])}
        </li>
      ))}
    </ul>
  )
}

/** The back office's changes to a product or an order (the audit log): who, when, what, before and after. */
export function AuditHistory({ entity, id }: { entity: 'producto' | 'orden'; id: number }) {
  const [page, setPage] = useState(1)
  const history = useAuditHistory(entity, id, page)
  const data = history.data
  if (history.isError) return <p className="text-sm text-clay-600">No pudimos cargar el historial de cambios.</p>
  if (!data) return <p className="text-sm text-ink-600">Cargando el historial…</p>
  if (data.cambios.length === 0) return <p className="text-sm text-ink-600">Sin cambios desde la administración.</p>
  return (
    <>
      <ol className="space-y-3">
        {data.cambios.map((entry) => (
          <li key={entry.id} className="border-l-2 border-sand-300 pl-3 text-sm">
            <p className="font-semibold text-ink-900">{ACTIONS[entry.accion] ?? entry.accion}</p>
            <p className="text-ink-600">
              {formatDateTime(entry.fecha)} · {entry.quien ?? 'Desde la terminal'}
            </p>
            <Changes before={entry.antes} after={entry.despues} />
          </li>
        ))}
      </ol>
      <Pager page={data} onPage={setPage} />
    </>
  )
}
