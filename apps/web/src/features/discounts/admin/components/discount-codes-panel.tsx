import { useEffect, useRef, useState } from 'react'
import { EmptyList, ListSkeleton } from '@/components/admin/admin-list'
import { buttonStyles } from '@/components/ui/button-styles'
import { QueryNotice } from '@/components/ui/query-notice'
import { codeState } from '../code-text'
import { useDiscountCodes } from '../discount-codes-api'
import { CodeForm } from './code-form'
import { CodeList } from './code-list'

type Editing = { mode: 'new' } | { mode: 'edit'; id: number } | null

const countText = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/**
 * The discount codes in the back office: how many there are and how many a shopper can apply now, "Nuevo código",
 * the form of a new code or of the one being changed (above the list, brought into view when it opens), and the
 * list with each code's rules, state and figures.
 */
export function DiscountCodesPanel() {
  const codes = useDiscountCodes()
  const [editing, setEditing] = useState<Editing>(null)
  const editor = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (editing) editor.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' })
  }, [editing])

  if (codes.isPending) return <ListSkeleton label="Cargando los códigos de descuento…" />
  if (codes.isError) return <QueryNotice query={codes} title="No pudimos cargar los códigos de descuento" />

  const now = new Date()
  const all = codes.data
  const usable = all.filter((code) => codeState(code, now) === 'Activo').length
  const current = editing?.mode === 'edit' ? all.find((code) => code.id === editing.id) : undefined

  return (
    <section aria-labelledby="codigos-de-descuento" className="mt-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="codigos-de-descuento" className="sr-only">
            Códigos
          </h2>
          <p className="text-sm text-ink-600">
            {countText(all.length, 'código', 'códigos')} · {countText(usable, 'activo', 'activos')}
          </p>
        </div>
        <button
          type="button"
          className={buttonStyles.primary}
          aria-expanded={editing?.mode === 'new'}
          onClick={() => setEditing({ mode: 'new' })}
        >
          Nuevo código
        </button>
      </div>

      <div ref={editor} className="scroll-mt-24">
        {editing && (editing.mode === 'new' || current) && (
          <div className="mt-4">
            <CodeForm
              key={editing.mode === 'new' ? 'new' : editing.id}
              code={current ?? null}
              onDone={() => setEditing(null)}
            />
          </div>
        )}
      </div>

      <div className="mt-4">
        {all.length === 0 ? (
          <EmptyList>Todavía no hay códigos de descuento.</EmptyList>
        ) : (
          <CodeList codes={all} now={now} onEdit={(code) => setEditing({ mode: 'edit', id: code.id })} />
        )}
      </div>
    </section>
  )
}
