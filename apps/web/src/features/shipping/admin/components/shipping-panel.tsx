import type { ShippingZone } from '@piel/contracts'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { EmptyList, ListSkeleton } from '@/components/admin/admin-list'
import { buttonStyles } from '@/components/ui/button-styles'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { QueryNotice } from '@/components/ui/query-notice'
import { shippingAdminQueries, useDeleteZone, useShippingAdmin } from '../shipping-api'
import { FreeShippingForm } from './free-shipping-form'
import { placeOf } from './shipping-text'
import { ZoneForm } from './zone-form'
import { ZoneList } from './zone-list'

type Editing = { mode: 'new' } | { mode: 'edit'; id: number } | null

const countText = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/**
 * The shop's shipping in the back office: the purchase from which it is free, then the zones with the form of a new
 * one or of the one being changed (above the list, brought into view when it opens).
 */
export function ShippingPanel() {
  const shipping = useShippingAdmin()
  const departments = useQuery(shippingAdminQueries.departments())
  const remove = useDeleteZone()
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<ShippingZone | null>(null)
  const editor = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (editing) editor.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' })
  }, [editing])

  if (shipping.isPending) return <ListSkeleton label="Cargando las zonas de envío…" />
  if (shipping.isError) {
    return <QueryNotice variant="page" query={shipping} title="No pudimos cargar los envíos" />
  }
  const { zonas: zones, envioGratisDesde } = shipping.data
  const active = zones.filter((zone) => zone.activa).length
  const current = editing?.mode === 'edit' ? zones.find((zone) => zone.id === editing.id) : undefined

  return (
    <>
      <div className="mt-5">
        <FreeShippingForm key={envioGratisDesde ?? 'none'} current={envioGratisDesde} />
      </div>

      <section aria-labelledby="zonas-de-envio" className="mt-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="zonas-de-envio" className="text-lg font-semibold">
              Zonas de envío
            </h2>
            <p className="mt-0.5 text-sm text-ink-600">
              {countText(zones.length, 'zona', 'zonas')} · {countText(active, 'activa', 'activas')}
            </p>
          </div>
          <button
            type="button"
            className={buttonStyles.primary}
            aria-expanded={editing?.mode === 'new'}
            onClick={() => setEditing({ mode: 'new' })}
          >
            Nueva zona
          </button>
        </div>

        <div ref={editor} className="scroll-mt-24">
          {editing && (editing.mode === 'new' || current) && (
            <div className="mt-4">
              {departments.isPending ? (
                <ListSkeleton label="Cargando los departamentos…" />
              ) : departments.isError ? (
                <QueryNotice query={departments} title="No pudimos cargar los departamentos" />
              ) : (
                <ZoneForm
                  key={editing.mode === 'new' ? 'new' : editing.id}
                  zone={current ?? null}
                  departments={departments.data}
                  onDone={() => setEditing(null)}
                />
              )}
            </div>
          )}
        </div>

        <div className="mt-4">
          {zones.length === 0 ? (
            <EmptyList>Todavía no hay zonas de envío: la tienda no envía a ningún lugar.</EmptyList>
          ) : (
            <ZoneList
              zones={zones}
              onEdit={(zone) => setEditing({ mode: 'edit', id: zone.id })}
              onDelete={setDeleting}
            />
          )}
        </div>
      </section>

      <ModalDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="¿Eliminar esta zona?"
        description={
          deleting
            ? `La zona de ${placeOf(deleting)} deja de existir. Las órdenes ya hechas conservan su envío.`
            : undefined
        }
      >
        <div className="flex flex-col-reverse gap-3 px-5 pt-6 pb-5 sm:flex-row sm:justify-end sm:px-6 sm:pb-6">
          <button type="button" className={buttonStyles.secondary} onClick={() => setDeleting(null)}>
            Cancelar
          </button>
          <button
            type="button"
            className={`${buttonStyles.primary} bg-clay-600 hover:bg-clay-600/90`}
            disabled={remove.isPending}
            onClick={() =>
              deleting &&
              remove.mutate(deleting, {
                onSuccess: () => {
                  if (editing?.mode === 'edit' && editing.id === deleting.id) setEditing(null)
                  setDeleting(null)
                },
              })
            }
          >
            {remove.isPending ? 'Eliminando…' : 'Eliminar'}
          </button>
        </div>
      </ModalDialog>
    </>
  )
}
