import type { AdminCatalogInput, AdminCatalogNode, AdminSubcategoryNode, AdminSubcategoryUpdate } from '@piel/contracts'
import { CATALOG_ICONS, type CatalogIconName, MAX_CATALOG_NAME } from '@piel/contracts/values'
import { type ReactNode, useRef } from 'react'
import { type FieldPath, type FieldValues, type UseFormSetError, useForm, useWatch } from 'react-hook-form'
import { buttonStyles } from '@/components/ui/button-styles'
import { FieldError, FormAlert, labelClass, RadioGroupField, SelectField, TextField } from '@/components/ui/form-field'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { CatalogIcon } from '@/components/ui/page-icons'
import { ApiError } from '@/lib/api-client'

/**
 * The dialogs of the back office's catalogue tree (issue 17): a catalogue (name, tile colour, icon), a
 * sub-catalogue (name, catalogue) and the confirmation of a deletion. The server's contract is the one judge: its
 * Spanish messages come back under each field, or above the form.
 */

/** The shop's pastel tile colours (those of its demo catalogue), offered as a start. */
export const TILE_COLOR_PRESETS = [
  { color: '#FFF1DC', name: 'Durazno' },
  { color: '#FCEFE3', name: 'Arena' },
  { color: '#FDE8E4', name: 'Coral' },
  { color: '#FBEAF0', name: 'Rosa' },
  { color: '#F0E8FA', name: 'Lavanda' },
  { color: '#E5EEFF', name: 'Cielo' },
  { color: '#E4F2F7', name: 'Agua' },
  { color: '#E6F4EA', name: 'Menta' },
] as const

const ICON_NAMES: Record<CatalogIconName, string> = {
  sun: 'Sol',
  droplet: 'Gota',
  sparkles: 'Destellos',
  face: 'Rostro',
  eye: 'Ojo',
  leaf: 'Hoja',
  shield: 'Escudo',
  baby: 'Bebé',
  body: 'Cuerpo',
  flask: 'Frasco',
}

/** A refused save: each field the server names gets its message under it (a repeated name, a bad colour); any other refusal shows above the form. */
function showServerError<T extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  setError: UseFormSetError<T>,
) {
  const named =
    error instanceof ApiError ? Object.entries(error.campos ?? {}).filter(([field]) => fields.includes(field)) : []
  named.forEach(([field, message], index) => {
    setError(field as FieldPath<T>, { type: 'server', message }, { shouldFocus: index === 0 })
  })
  if (named.length > 0) return
  setError('root', {
    message:
      error instanceof ApiError ? (error.serverMessage ?? error.message) : 'No pudimos guardar. Inténtalo de nuevo.',
  })
}

function FormButtons({ saving, label, onCancel }: { saving: boolean; label: string; onCancel: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
      <button type="button" onClick={onCancel} className={buttonStyles.secondary}>
        Cancelar
      </button>
      <button type="submit" disabled={saving} className={buttonStyles.primary}>
        {saving ? 'Guardando…' : label}
      </button>
    </div>
  )
}

type CatalogValues = { nombre: string; colorFondo: string; icono: CatalogIconName }

type CatalogDialogProps = {
  /** The catalogue edited; null for a new one. */
  catalog: AdminCatalogNode | null
  onSave: (input: AdminCatalogInput) => Promise<unknown>
  onClose: () => void
  /** The catalogue's tile as the shop will draw it, from what is chosen. */
  preview: (values: CatalogValues) => ReactNode
}

/** A new catalogue, or a catalogue's name, tile colour and icon. */
export function CatalogDialog({ catalog, onSave, onClose, preview }: CatalogDialogProps) {
  const known = (CATALOG_ICONS as readonly string[]).includes(catalog?.icono ?? '')
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CatalogValues>({
    defaultValues: {
      nombre: catalog?.nombre ?? '',
      colorFondo: catalog?.colorFondo ?? TILE_COLOR_PRESETS[0].color,
      icono: known ? (catalog?.icono as CatalogIconName) : 'sparkles',
    },
  })
  const values = useWatch({ control }) as CatalogValues
  const submit = handleSubmit(async (input) => {
    try {
      await onSave({ ...input, colorFondo: input.colorFondo.toUpperCase() })
      onClose()
    } catch (error) {
      showServerError(error, ['nombre', 'colorFondo', 'icono'], setError)
    }
  })
  const color = (values.colorFondo ?? '').toUpperCase()

  return (
    <ModalDialog
      open
      onClose={onClose}
      variant="form"
      title={catalog ? `Editar «${catalog.nombre}»` : 'Nuevo catálogo'}
      closeLabel="Cerrar"
    >
      <form
        noValidate
        onSubmit={submit}
        aria-label={catalog ? 'Editar catálogo' : 'Nuevo catálogo'}
        className="space-y-5 overflow-y-auto px-5 pt-4 pb-5 sm:px-6 sm:pb-6"
      >
        <FormAlert tone="danger" message={errors.root?.message} />
        <TextField
          label="Nombre"
          requiredMark
          maxLength={MAX_CATALOG_NAME + 20}
          autoComplete="off"
          hint="Único en la tienda; así lo ven los clientes."
          error={errors.nombre?.message}
          {...register('nombre')}
        />

        <fieldset>
          <legend className={labelClass}>Color de fondo</legend>
          <div className="flex flex-wrap items-center gap-2">
            <label className="inline-flex items-center gap-2 rounded-xl border border-sand-300 bg-white py-1 pr-3 pl-1">
              <input
                type="color"
                aria-label="Elegir otro color"
                aria-invalid={errors.colorFondo ? true : undefined}
                aria-describedby={errors.colorFondo ? 'color-fondo-error' : undefined}
                className="size-9 cursor-pointer rounded-lg border-0 bg-transparent p-0"
                {...register('colorFondo')}
              />
              <span className="font-mono text-sm text-ink-700">{color}</span>
            </label>
            <ul aria-label="Colores de la tienda" className="flex flex-wrap gap-1.5 p-0.5">
              {TILE_COLOR_PRESETS.map((preset) => (
                <li key={preset.color}>
                  <button
                    type="button"
                    onClick={() => setValue('colorFondo', preset.color, { shouldDirty: true })}
                    aria-pressed={color === preset.color}
                    aria-label={`${preset.name} (${preset.color})`}
                    title={preset.name}
                    style={{ backgroundColor: preset.color }}
                    className="size-8 rounded-full ring-1 ring-ink-900/10 transition-shadow aria-pressed:ring-2 aria-pressed:ring-brand-700 aria-pressed:ring-offset-2"
                  />
                </li>
              ))}
            </ul>
          </div>
          <FieldError id="color-fondo-error" message={errors.colorFondo?.message} />
        </fieldset>

        <RadioGroupField
          label="Icono"
          error={errors.icono?.message}
          options={CATALOG_ICONS.map((icon) => ({
            value: icon,
            label: (
              <span className="inline-flex items-center gap-1.5">
                <CatalogIcon name={icon} className="size-5 text-brand-800" />
                {ICON_NAMES[icon]}
              </span>
            ),
          }))}
          {...register('icono')}
        />

        <div>
          <p className={labelClass}>Así se verá en la tienda</p>
          {preview({ ...values, colorFondo: color })}
        </div>

        <FormButtons saving={isSubmitting} label={catalog ? 'Guardar cambios' : 'Crear catálogo'} onCancel={onClose} />
      </form>
    </ModalDialog>
  )
}

type SubcategoryValues = { nombre: string; idCatalogo: string }

type SubcategoryDialogProps = {
  /** The catalogue it belongs to (or is created in). */
  catalog: AdminCatalogNode
  /** The sub-catalogue edited; null for a new one. */
  subcategory: AdminSubcategoryNode | null
  /** Every catalogue of the store: an edited sub-catalogue may move to another one, with its products. */
  catalogs: readonly AdminCatalogNode[]
  onSave: (change: AdminSubcategoryUpdate & { nombre: string }) => Promise<unknown>
  onClose: () => void
}

/** A new sub-catalogue, or a sub-catalogue renamed or moved to another catalogue. */
export function SubcategoryDialog({ catalog, subcategory, catalogs, onSave, onClose }: SubcategoryDialogProps) {
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SubcategoryValues>({
    defaultValues: { nombre: subcategory?.nombre ?? '', idCatalogo: String(catalog.id) },
  })
  const target = useWatch({ control, name: 'idCatalogo' })
  const moving = subcategory !== null && target !== String(catalog.id)
  const submit = handleSubmit(async (input) => {
    try {
      await onSave({
        nombre: input.nombre,
        ...(moving ? { idCatalogo: Number(input.idCatalogo) } : {}),
      })
      onClose()
    } catch (error) {
      showServerError(error, ['nombre', 'idCatalogo'], setError)
    }
  })
  const products = subcategory?.productos ?? 0

  return (
    <ModalDialog
      open
      onClose={onClose}
      variant="form"
      title={subcategory ? `Editar «${subcategory.nombre}»` : `Nueva subcategoría en «${catalog.nombre}»`}
      closeLabel="Cerrar"
    >
      <form
        noValidate
        onSubmit={submit}
        aria-label={subcategory ? 'Editar subcategoría' : 'Nueva subcategoría'}
        className="space-y-4 px-5 pt-4 pb-5 sm:px-6 sm:pb-6"
      >
        <FormAlert tone="danger" message={errors.root?.message} />
        <TextField
          label="Nombre"
          requiredMark
          maxLength={MAX_CATALOG_NAME + 20}
          autoComplete="off"
          hint="Único dentro de su catálogo."
          error={errors.nombre?.message}
          {...register('nombre')}
        />
        {subcategory && (
          <SelectField
            label="Catálogo"
            hint={
              moving && products > 0
                ? `${products === 1 ? 'Su producto pasa' : `Sus ${products} productos pasan`} con ella al otro catálogo.`
                : 'Al cambiarla de catálogo, sus productos pasan con ella.'
            }
            error={errors.idCatalogo?.message}
            {...register('idCatalogo')}
          >
            {catalogs.map((option) => (
              <option key={option.id} value={option.id}>
                {option.nombre}
              </option>
            ))}
          </SelectField>
        )}
        <FormButtons
          saving={isSubmitting}
          label={subcategory ? 'Guardar cambios' : 'Crear subcategoría'}
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  )
}

type DeleteDialogProps = {
  title: string
  /** What goes with it, or why it cannot go. */
  description: ReactNode
  /** False when the server would refuse (it still holds products): the dialog only explains. */
  allowed: boolean
  error: string | null
  deleting: boolean
  onConfirm: () => void
  onClose: () => void
}

/** The confirmation of a deletion, naming what goes; the server's refusal shows as an alert in it. */
export function DeleteDialog({ title, description, allowed, error, deleting, onConfirm, onClose }: DeleteDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null)
  return (
    <ModalDialog open onClose={onClose} title={title} description={description} initialFocusRef={cancelRef}>
      <div className="space-y-4 px-5 pt-5 pb-5 sm:px-6 sm:pb-6">
        <FormAlert tone="danger" message={error} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button ref={cancelRef} type="button" onClick={onClose} className={buttonStyles.secondary}>
            {allowed ? 'Cancelar' : 'Entendido'}
          </button>
          {allowed && (
            <button
              type="button"
              onClick={onConfirm}
              disabled={deleting}
              className={`${buttonStyles.primary} bg-clay-600 hover:bg-clay-600/90`}
            >
              {deleting ? 'Eliminando…' : 'Eliminar'}
            </button>
          )}
        </div>
      </div>
    </ModalDialog>
  )
}
