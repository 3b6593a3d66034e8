import type { AdminCatalogNode, AdminCatalogTree, AdminSubcategoryNode } from '@piel/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { EmptyList, ListSkeleton } from '@/components/admin/admin-list'
import { MoveButtons, moved, useRefocus } from '@/components/admin/move-buttons'
import { buttonStyles } from '@/components/ui/button-styles'
import { FormAlert } from '@/components/ui/form-field'
import { PencilIcon, PlusIcon, TrashIcon } from '@/components/ui/page-icons'
import { QueryNotice } from '@/components/ui/query-notice'
import { toast } from '@/components/ui/toast'
import { adminPaths } from '@/lib/admin-paths'
import { ApiError } from '@/lib/api-client'
import { catalogQueries } from '../../api'
import { CatalogTileFrame, CatalogTileIcon } from '../../components/catalog-tiles'
import { catalogAdminApi, catalogAdminQueries } from '../catalogs-api'
import { productAdminQueries } from '../products-api'
import { CatalogDialog, DeleteDialog, SubcategoryDialog } from './catalog-tree-forms'

type Dialog =
  | { kind: 'catalog'; catalog: AdminCatalogNode | null }
  | { kind: 'subcategory'; catalog: AdminCatalogNode; subcategory: AdminSubcategoryNode | null }
  | { kind: 'delete-catalog'; catalog: AdminCatalogNode }
  | { kind: 'delete-subcategory'; catalog: AdminCatalogNode; subcategory: AdminSubcategoryNode }

const productCount = (n: number) => (n === 1 ? '1 producto' : `${n.toLocaleString('es-CO')} productos`)
const listOf = (names: readonly string[]) => new Intl.ListFormat('es', { type: 'conjunction' }).format(names)
const productsOf = (catalogId: number) =>
  `${adminPaths.products}?${new URLSearchParams({ catalogo: String(catalogId) })}`
const errorText = (error: unknown) =>
  error instanceof ApiError ? (error.serverMessage ?? error.message) : 'No pudimos guardar el cambio.'

/**
 * The back office's catalogue tree (issue 17, «Carrusel y catálogos»): the store's catalogues in the shop's order,
 * each drawn as the shop draws its tile, with its sub-catalogues. Staff create, rename, recolour, reorder, move and
 * delete them; every change is in the shop at once (the server refreshes the shop's caches).
 */
export function CatalogTreeEditor() {
  const queryClient = useQueryClient()
  const tree = useQuery(catalogAdminQueries.tree())
  const refocus = useRefocus(tree.data)
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const close = () => setDialog(null)

  /** The tree a change answers is the screen's at once; the shop's pages seen in this tab and the product forms' catalogue choices are out of date. */
  const show = (next: AdminCatalogTree) => {
    queryClient.setQueryData(catalogAdminQueries.tree().queryKey, next)
    void queryClient.invalidateQueries({ queryKey: catalogQueries.all })
    void queryClient.invalidateQueries({ queryKey: productAdminQueries.all })
  }
  const run = (call: () => Promise<AdminCatalogTree>) => call()
  /** Moves up and down; a refusal shows above the tree. */
  const move = useMutation({ mutationFn: run, onSuccess: show, onError: () => refocus.cancel() })
  /** Saves from a dialog; a refusal goes back to the dialog's form. */
  const save = useMutation({ mutationFn: run, onSuccess: show })
  const saveWith = (call: () => Promise<AdminCatalogTree>, done: string) =>
    save.mutateAsync(call).then(() => {
      toast.success(done)
    })
  /** Deletions, confirmed in their dialog, which shows a refusal. */
  const remove = useMutation({
    mutationFn: run,
    onSuccess: (next) => {
      show(next)
      close()
    },
  })

  const catalogs = tree.data?.catalogos ?? []

  const moveCatalog = (index: number, step: -1 | 1) => {
    const ids = moved(catalogs, index, step)
    const catalog = catalogs[index]
    if (!ids || !catalog || move.isPending) return
    refocus.after(`catalogo-${catalog.id}`, step)
    move.mutate(() => catalogAdminApi.orderCatalogs(ids), {
      onSuccess: () => {
        toast.success(`«${catalog.nombre}» quedó en el lugar ${index + step + 1} de ${catalogs.length}.`)
      },
    })
  }

  const moveSubcategory = (catalog: AdminCatalogNode, index: number, step: -1 | 1) => {
    const subs = catalog.subcategorias
    const ids = moved(subs, index, step)
    const sub = subs[index]
    if (!ids || !sub || move.isPending) return
    refocus.after(`subcategoria-${sub.id}`, step)
    move.mutate(() => catalogAdminApi.orderSubcategories(catalog.id, ids), {
      onSuccess: () => {
        toast.success(`«${sub.nombre}» quedó en el lugar ${index + step + 1} de ${subs.length} en «${catalog.nombre}».`)
      },
    })
  }

  const openDialog = (next: Dialog) => {
    move.reset()
    remove.reset()
    setDialog(next)
  }

  return (
    <div className="mt-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Catálogos</h1>
          <p className="mt-1 max-w-2xl text-sm text-ink-600">
            Los catálogos de la tienda y sus subcategorías, en el orden en que la tienda los muestra. Cada cambio se ve
            en la tienda al momento.
          </p>
        </div>
        <button
          type="button"
          onClick={() => openDialog({ kind: 'catalog', catalog: null })}
          className={buttonStyles.primary}
        >
          <PlusIcon className="size-4" />
          Nuevo catálogo
        </button>
      </div>

      <FormAlert tone="danger" message={move.isError ? errorText(move.error) : null} className="mt-4" />

      <section aria-label="Árbol de catálogos" aria-busy={tree.isFetching || move.isPending} className="mt-5">
        {tree.isPending ? (
          <ListSkeleton label="Cargando catálogos…" />
        ) : tree.isError ? (
          <QueryNotice query={tree} title="No pudimos cargar los catálogos." text={tree.error.message} />
        ) : catalogs.length === 0 ? (
          <EmptyList>Todavía no hay catálogos: crea el primero.</EmptyList>
        ) : (
          <ol aria-label="Catálogos" className="grid gap-4 lg:grid-cols-2">
            {catalogs.map((catalog, index) => (
              <li key={catalog.id}>
                <CatalogCard
                  catalog={catalog}
                  place={{ index, total: catalogs.length }}
                  busy={move.isPending}
                  onMove={(step) => moveCatalog(index, step)}
                  onEdit={() => openDialog({ kind: 'catalog', catalog })}
                  onDelete={() => openDialog({ kind: 'delete-catalog', catalog })}
                  onAddSubcategory={() => openDialog({ kind: 'subcategory', catalog, subcategory: null })}
                  onEditSubcategory={(subcategory) => openDialog({ kind: 'subcategory', catalog, subcategory })}
                  onDeleteSubcategory={(subcategory) =>
                    openDialog({ kind: 'delete-subcategory', catalog, subcategory })
                  }
                  onMoveSubcategory={(subIndex, step) => moveSubcategory(catalog, subIndex, step)}
                />
              </li>
            ))}
          </ol>
        )}
      </section>

      {dialog?.kind === 'catalog' && (
        <CatalogDialog
          catalog={dialog.catalog}
          onClose={close}
          preview={(values) => (
            <CatalogTileFrame color={values.colorFondo} className="ring-1 ring-ink-900/5">
              <span className="flex items-center gap-3">
                <CatalogTileIcon icon={values.icono} />
                <span className="min-w-0 flex-1 text-base leading-snug font-semibold break-words text-ink-900">
                  {values.nombre.trim() || 'Nombre del catálogo'}
                </span>
              </span>
            </CatalogTileFrame>
          )}
          onSave={(input) => {
            const edited = dialog.catalog
            return edited
              ? saveWith(
                  () => catalogAdminApi.updateCatalog(edited.id, input),
                  'Catálogo guardado: ya se ve en la tienda.',
                )
              : saveWith(() => catalogAdminApi.createCatalog(input), `Catálogo «${input.nombre.trim()}» creado.`)
          }}
        />
      )}
      {dialog?.kind === 'subcategory' && (
        <SubcategoryDialog
          catalog={dialog.catalog}
          subcategory={dialog.subcategory}
          catalogs={catalogs}
          onClose={close}
          onSave={(input) => {
            const edited = dialog.subcategory
            return edited
              ? saveWith(() => catalogAdminApi.updateSubcategory(edited.id, input), 'Subcategoría guardada.')
              : saveWith(
                  () => catalogAdminApi.createSubcategory(dialog.catalog.id, { nombre: input.nombre }),
                  `Subcategoría «${input.nombre.trim()}» creada.`,
                )
          }}
        />
      )}
      {dialog?.kind === 'delete-catalog' && (
        <DeleteCatalogDialog
          catalog={dialog.catalog}
          error={remove.isError ? errorText(remove.error) : null}
          deleting={remove.isPending}
          onConfirm={() =>
            remove.mutate(() => catalogAdminApi.deleteCatalog(dialog.catalog.id), {
              onSuccess: () => toast.success(`Catálogo «${dialog.catalog.nombre}» eliminado.`),
            })
          }
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete-subcategory' && (
        <DeleteSubcategoryDialog
          catalog={dialog.catalog}
          subcategory={dialog.subcategory}
          error={remove.isError ? errorText(remove.error) : null}
          deleting={remove.isPending}
          onConfirm={() =>
            remove.mutate(() => catalogAdminApi.deleteSubcategory(dialog.subcategory.id), {
              onSuccess: () => toast.success(`Subcategoría «${dialog.subcategory.nombre}» eliminada.`),
            })
          }
          onClose={close}
        />
      )}
    </div>
  )
}

type CatalogCardProps = {
  catalog: AdminCatalogNode
  place: { index: number; total: number }
  busy: boolean
  onMove: (step: -1 | 1) => void
  onEdit: () => void
  onDelete: () => void
  onAddSubcategory: () => void
  onEditSubcategory: (subcategory: AdminSubcategoryNode) => void
  onDeleteSubcategory: (subcategory: AdminSubcategoryNode) => void
  onMoveSubcategory: (index: number, step: -1 | 1) => void
}

/** A catalogue drawn as the shop's tile, with its actions and its sub-catalogues. */
function CatalogCard({
  catalog,
  place,
  busy,
  onMove,
  onEdit,
  onDelete,
  onAddSubcategory,
  onEditSubcategory,
  onDeleteSubcategory,
  onMoveSubcategory,
}: CatalogCardProps) {
  const named = `el catálogo «${catalog.nombre}»`
  return (
    <CatalogTileFrame color={catalog.colorFondo} className="ring-1 ring-ink-900/5">
      <div className="flex items-start gap-3">
        <CatalogTileIcon icon={catalog.icono} />
        <div className="min-w-0 flex-1">
          <h2 className="text-base leading-snug font-semibold break-words text-ink-900">{catalog.nombre}</h2>
          <p className="mt-0.5 text-sm text-ink-700">
            <span className="sr-only">
              Lugar {place.index + 1} de {place.total} ·{' '}
            </span>
            {catalog.productos > 0 ? (
              <Link
                to={productsOf(catalog.id)}
                aria-label={`Ver ${productCount(catalog.productos)} del catálogo «${catalog.nombre}»`}
                className="font-medium underline decoration-ink-900/30 underline-offset-2 hover:decoration-ink-900"
              >
                {productCount(catalog.productos)}
              </Link>
            ) : (
              'Sin productos'
            )}
          </p>
        </div>
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-2">
        <TileButton onClick={onEdit} label={`Editar ${named}`} icon={<PencilIcon className="size-4" />}>
          Editar
        </TileButton>
        <TileButton onClick={onDelete} label={`Eliminar ${named}`} icon={<TrashIcon className="size-4" />}>
          Eliminar
        </TileButton>
        <span className="ml-auto">
          <MoveButtons
            idPrefix={`catalogo-${catalog.id}`}
            named={named}
            first={place.index === 0}
            last={place.index === place.total - 1}
            busy={busy}
            onMove={onMove}
            tone="tile"
          />
        </span>
      </div>

      <div className="mt-3 rounded-2xl bg-white/85 p-2 shadow-sm shadow-ink-900/5">
        {catalog.subcategorias.length === 0 ? (
          <p className="px-2 py-2 text-sm text-ink-600">Sin subcategorías todavía.</p>
        ) : (
          <ol aria-label={`Subcategorías de ${catalog.nombre}`} className="divide-y divide-sand-200">
            {catalog.subcategorias.map((sub, index) => {
              const subNamed = `la subcategoría «${sub.nombre}»`
              return (
                // On a phone the name has the row's width, the count and the buttons share the line below.
                <li
                  key={sub.id}
                  className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 py-1.5 pl-2 sm:grid-rows-[auto_auto]"
                >
                  <span className="col-span-2 pt-1 font-medium break-words text-ink-900 sm:col-span-1 sm:pt-0">
                    {sub.nombre}
                  </span>
                  <span className="text-sm text-ink-600 sm:row-start-2">
                    {sub.productos > 0 ? productCount(sub.productos) : 'Sin productos'}
                  </span>
                  <span className="flex items-center sm:col-start-2 sm:row-span-2 sm:row-start-1">
                    <MoveButtons
                      idPrefix={`subcategoria-${sub.id}`}
                      named={subNamed}
                      first={index === 0}
                      last={index === catalog.subcategorias.length - 1}
                      busy={busy}
                      onMove={(step) => onMoveSubcategory(index, step)}
                    />
                    <button
                      type="button"
                      onClick={() => onEditSubcategory(sub)}
                      aria-label={`Editar ${subNamed}`}
                      title="Renombrar o mover a otro catálogo"
                      className={buttonStyles.icon}
                    >
                      <PencilIcon className="size-4.5" />
                    </button>
                    <button
                      type="button"
                      onClick={() => onDeleteSubcategory(sub)}
                      aria-label={`Eliminar ${subNamed}`}
                      title="Eliminar"
                      className={`${buttonStyles.icon} hover:text-clay-600`}
                    >
                      <TrashIcon className="size-4.5" />
                    </button>
                  </span>
                </li>
              )
            })}
          </ol>
        )}
        <button
          type="button"
          onClick={onAddSubcategory}
          aria-label={`Agregar subcategoría a «${catalog.nombre}»`}
          className={`${buttonStyles.ghost} mt-1 w-full justify-start text-brand-800`}
        >
          <PlusIcon className="size-4" />
          Agregar subcategoría
        </button>
      </div>
    </CatalogTileFrame>
  )
}

function TileButton({
  onClick,
  label,
  icon,
  children,
}: {
  onClick: () => void
  label: string
  icon: ReactNode
  children: string
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="inline-flex min-h-10 items-center gap-1.5 rounded-full bg-white/85 px-3.5 text-sm font-semibold text-ink-800 shadow-sm shadow-ink-900/5 transition-colors hover:bg-white hover:text-ink-900"
    >
      {icon}
      {children}
    </button>
  )
}

function DeleteCatalogDialog({
  catalog,
  ...rest
}: {
  catalog: AdminCatalogNode
  error: string | null
  deleting: boolean
  onConfirm: () => void
  onClose: () => void
}) {
  const subs = catalog.subcategorias.map((sub) => `«${sub.nombre}»`)
  if (catalog.productos > 0) {
    return (
      <DeleteDialog
        {...rest}
        allowed={false}
        title={`No se puede eliminar «${catalog.nombre}»`}
        description={`El catálogo «${catalog.nombre}» tiene ${productCount(catalog.productos)}: muévelos a otro catálogo antes de eliminarlo.`}
      />
    )
  }
  return (
    <DeleteDialog
      {...rest}
      allowed
      title={`¿Eliminar el catálogo «${catalog.nombre}»?`}
      description={
        subs.length > 0
          ? `Se eliminan con él sus subcategorías, todas vacías: ${listOf(subs)}. La tienda deja de mostrarlo.`
          : 'No tiene subcategorías ni productos. La tienda deja de mostrarlo.'
      }
    />
  )
}

function DeleteSubcategoryDialog({
  catalog,
  subcategory,
  ...rest
}: {
  catalog: AdminCatalogNode
  subcategory: AdminSubcategoryNode
  error: string | null
  deleting: boolean
  onConfirm: () => void
  onClose: () => void
}) {
  if (subcategory.productos > 0) {
    return (
      <DeleteDialog
        {...rest}
        allowed={false}
        title={`No se puede eliminar «${subcategory.nombre}»`}
        description={`La subcategoría «${subcategory.nombre}» tiene ${productCount(subcategory.productos)}: muévelos a otra subcategoría antes de eliminarla.`}
      />
    )
  }
  return (
    <DeleteDialog
      {...rest}
      allowed
      title={`¿Eliminar la subcategoría «${subcategory.nombre}»?`}
      description={`No tiene productos. La tienda deja de mostrarla en «${catalog.nombre}».`}
    />
  )
}
