import { zodResolver } from '@hookform/resolvers/zod'
import { type AdminCarousel, type AdminCarouselSlide, CarouselSlideInputSchema } from '@piel/contracts'
import { MIN_CAROUSEL_IMAGE } from '@piel/contracts/values'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react'
import { type FieldPath, useForm, useWatch } from 'react-hook-form'
import { ListSkeleton } from '@/components/admin/admin-list'
import { MoveButtons, moved, useRefocus } from '@/components/admin/move-buttons'
import { buttonStyles } from '@/components/ui/button-styles'
import { CatalogImage } from '@/components/ui/catalog-image'
import { FieldError, TextField } from '@/components/ui/form-field'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { QueryNotice } from '@/components/ui/query-notice'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api-client'
import { formResolver } from '@/lib/form-resolver'
import { catalogQueries } from '../../api'
import { BannerSlide } from '../../components/banner-carousel'
import { carouselAdminApi, carouselAdminQueries, type SlideFields } from '../carousel-api'

type Editing = { mode: 'new' } | { mode: 'edit'; id: number } | null

const THUMBNAIL_SIZES = '8rem'

/**
 * The home page's carousel in the back office (issue 17): its slides in their order, each a picture with the copy
 * written over it and a button into the shop; a hidden slide stays here without showing. The editor draws the slide
 * exactly as the home page will, with the same component.
 */
export function CarouselEditor() {
  const carousel = useQuery(carouselAdminQueries.slides())
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<AdminCarouselSlide | null>(null)
  const queryClient = useQueryClient()
  const editor = useRef<HTMLDivElement>(null)

  /** The answer is the list at once; the home page this tab may have cached is out of date. */
  const settle = (next: AdminCarousel) => {
    queryClient.setQueryData(carouselAdminQueries.all, next)
    void queryClient.invalidateQueries({ queryKey: catalogQueries.all })
  }
  const failed = (error: unknown) => toast.error(error instanceof Error ? error.message : 'No se pudo guardar.')
  const refocus = useRefocus(carousel.data)
  const reorder = useMutation({
    mutationFn: carouselAdminApi.reorder,
    onSuccess: settle,
    onError: (error) => {
      refocus.cancel()
      failed(error)
    },
  })
  const remove = useMutation({
    mutationFn: carouselAdminApi.remove,
    onSuccess: (next) => {
      settle(next)
      setDeleting(null)
      setEditing(null)
      toast.success('Diapositiva eliminada.')
    },
    onError: failed,
  })

  // The editor opens below the list: it is brought into view.
  useEffect(() => {
    if (editing) editor.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
  }, [editing])

  if (carousel.isPending) return <ListSkeleton label="Cargando el carrusel…" />
  if (carousel.isError) {
    return <QueryNotice variant="page" query={carousel} title="No pudimos cargar el carrusel" />
  }
  const { diapositivas: slides, maximo } = carousel.data
  const full = slides.length >= maximo
  const move = (index: number, step: -1 | 1) => {
    const ids = moved(slides, index, step)
    const slide = slides[index]
    if (!ids || !slide || reorder.isPending) return
    refocus.after(`diapositiva-${slide.id}`, step)
    reorder.mutate(ids, {
      onSuccess: () => toast.success(`«${slide.titulo}» quedó en el lugar ${index + step + 1} de ${slides.length}.`),
    })
  }
  const current = editing?.mode === 'edit' ? slides.find((slide) => slide.id === editing.id) : undefined

  return (
    <div className="pt-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Carrusel de la portada</h1>
          <p className="mt-1 max-w-2xl text-ink-600">
            Lo primero que ve quien abre la tienda, en este orden. La primera diapositiva visible es la imagen principal
            de la portada.
          </p>
        </div>
        <button
          type="button"
          className={buttonStyles.primary}
          disabled={full}
          onClick={() => setEditing({ mode: 'new' })}
        >
          Nueva diapositiva
        </button>
      </div>
      <p className="mt-3 text-sm text-ink-600">
        {slides.length} de {maximo} diapositivas
        {full && ' · elimina una para agregar otra'}
      </p>

      <ol
        aria-label="Diapositivas"
        className="mt-4 divide-y divide-sand-200 rounded-3xl border border-sand-200 bg-white"
      >
        {slides.map((slide, index) => (
          <li key={slide.id} className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4 sm:flex-nowrap">
            <CatalogImage
              kind="banner"
              src={slide.imagen}
              alt=""
              sizes={THUMBNAIL_SIZES}
              className={`aspect-[8/3] w-32 shrink-0 rounded-xl object-cover ${slide.activa ? '' : 'opacity-50'}`}
            />
            <div className="min-w-0 flex-1 basis-40">
              <p className="font-semibold text-ink-900">
                <span className="sr-only">{index + 1}. </span>
                {slide.titulo}
              </p>
              <p className="mt-0.5 truncate text-sm text-ink-600">
                {slide.boton} → <span className="font-mono text-xs">{slide.enlace}</span>
              </p>
              <p className="mt-1">
                <span
                  className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                    slide.activa ? 'bg-brand-100 text-brand-800' : 'bg-sand-100 text-ink-600'
                  }`}
                >
                  {slide.activa ? 'Visible' : 'Oculta'}
                </span>
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-1">
              <MoveButtons
                idPrefix={`diapositiva-${slide.id}`}
                named={`«${slide.titulo}»`}
                first={index === 0}
                last={index === slides.length - 1}
                busy={reorder.isPending}
                onMove={(step) => move(index, step)}
              />
              <button
                type="button"
                className={buttonStyles.ghost}
                aria-label={`Editar «${slide.titulo}»`}
                onClick={() => setEditing({ mode: 'edit', id: slide.id })}
              >
                Editar
              </button>
              <button
                type="button"
                className={`${buttonStyles.ghost} text-clay-600`}
                aria-label={`Eliminar «${slide.titulo}»`}
                onClick={() => setDeleting(slide)}
              >
                Eliminar
              </button>
            </div>
          </li>
        ))}
      </ol>

      <div ref={editor} className="scroll-mt-24">
        {editing && (editing.mode === 'new' || current) && (
          <SlideEditor
            key={editing.mode === 'new' ? 'new' : editing.id}
            slide={current ?? null}
            onSaved={(next, message) => {
              settle(next)
              setEditing(null)
              toast.success(message)
            }}
            onStored={settle}
            onCancel={() => setEditing(null)}
          />
        )}
      </div>

      <ModalDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="¿Eliminar esta diapositiva?"
        description={deleting ? `«${deleting.titulo}» y su imagen dejan de existir; no se puede deshacer.` : undefined}
      >
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={() => setDeleting(null)}>
            Cancelar
          </button>
          <button
            type="button"
            className={`${buttonStyles.primary} bg-clay-600 hover:bg-clay-600/90`}
            disabled={remove.isPending}
            onClick={() => deleting && remove.mutate(deleting.id)}
          >
            Eliminar
          </button>
        </div>
      </ModalDialog>
    </div>
  )
}

const EMPTY: SlideFields = { antetitulo: '', titulo: '', texto: '', boton: '', enlace: '/', activa: true }
const FIELDS: readonly string[] = Object.keys(EMPTY)
/** The copy is checked here by the server's own contract, so its errors show with the picture's, on one submit. */
const resolver = formResolver<SlideFields, SlideFields>(zodResolver(CarouselSlideInputSchema))
const PICTURE_MISSING = 'Elige la imagen de la diapositiva.'

/** The form of one slide (new or existing) beside its preview, drawn as the home page draws it. */
function SlideEditor({
  slide,
  onSaved,
  onStored,
  onCancel,
}: {
  slide: AdminCarouselSlide | null
  onSaved: (carousel: AdminCarousel, message: string) => void
  /** A step already stored while the form stays open (the copy is saved; the new picture was then refused). */
  onStored: (carousel: AdminCarousel) => void
  onCancel: () => void
}) {
  const ids = useId()
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SlideFields, unknown, SlideFields>({
    resolver,
    defaultValues: slide
      ? {
          antetitulo: slide.antetitulo,
          titulo: slide.titulo,
          texto: slide.texto,
          boton: slide.boton,
          enlace: slide.enlace,
          activa: slide.activa,
        }
      : EMPTY,
  })
  const values = useWatch({ control }) as SlideFields
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | undefined>()
  const [picked, setPicked] = useState<string | null>(null)

  useEffect(() => {
    if (!file) return setPicked(null)
    const url = URL.createObjectURL(file)
    setPicked(url)
    return () => URL.revokeObjectURL(url)
  }, [file])

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null)
    setFileError(undefined)
  }

  /**
   * A new slide needs its picture. Said on every submit, beside the copy's errors (issue 35): the copy's errors
   * used to come only from the server, so they showed once the missing picture had been chosen, a second round.
   */
  const pictureMissing = () => {
    if (slide || file) return false
    setFileError(PICTURE_MISSING)
    return true
  }

  const submit = handleSubmit(async (fields) => {
    if (pictureMissing()) return
    const saved = 'Cambios guardados: la portada ya los muestra.'
    try {
      if (!slide) {
        if (file) onSaved(await carouselAdminApi.create(fields, file), 'Diapositiva agregada al carrusel.')
        return
      }
      const next = await carouselAdminApi.update(slide.id, fields)
      if (!file) return onSaved(next, saved)
      // The copy is stored: the list shows it even if the new picture is then refused (its message stays here).
      onStored(next)
      onSaved(await carouselAdminApi.replaceImage(slide.id, file), saved)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      const fields = Object.entries(error.campos ?? {})
      for (const [path, message] of fields) {
        if (path === 'file') setFileError(message)
        else if (FIELDS.includes(path)) setError(path as FieldPath<SlideFields>, { message }, { shouldFocus: true })
        else setError('root', { message })
      }
      if (fields.length === 0) setError('root', { message: error.message })
    }
  }, pictureMissing)

  const image = picked ?? slide?.imagen
  const fileId = `${ids}-file`
  const hintId = `${ids}-file-hint`

  return (
    <section aria-labelledby={`${ids}-title`} className="mt-8 rounded-3xl border border-sand-200 bg-white p-4 sm:p-6">
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        {slide ? `Editar «${slide.titulo}»` : 'Nueva diapositiva'}
      </h2>

      <div className="mt-4">
        <p className="mb-2 text-sm font-medium text-ink-700">Vista previa (como se verá en la portada)</p>
        {/* Only to look at: its button would leave the form. */}
        <div inert className="relative h-[24rem] overflow-hidden rounded-3xl bg-brand-100 sm:h-[22rem] lg:h-[26rem]">
          {image ? (
            <BannerSlide
              slide={{
                id: slide?.id ?? 0,
                imagen: image,
                antetitulo: values.antetitulo.trim(),
                titulo: values.titulo.trim() || 'Título de la diapositiva',
                texto: values.texto.trim(),
                boton: values.boton.trim() || 'Texto del botón',
                enlace: values.enlace,
              }}
            />
          ) : (
            <p className="flex h-full items-center justify-center px-6 text-center text-ink-600">
              Elige una imagen para ver la diapositiva.
            </p>
          )}
        </div>
      </div>

      <form noValidate onSubmit={submit} aria-label="Diapositiva" className="mt-6 grid gap-4 sm:grid-cols-2">
        {errors.root && (
          <p role="alert" className="rounded-2xl bg-clay-100 px-4 py-3 text-sm font-medium text-clay-600 sm:col-span-2">
            {errors.root.message}
          </p>
        )}
        <div className="sm:col-span-2">
          <p className="mb-1.5 text-sm font-medium text-ink-900">
            Imagen{!slide && <span className="text-clay-600"> *</span>}
          </p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            {/* The browser's own file button speaks its language, not always the shop's: this one says it in Spanish. */}
            <label
              htmlFor={fileId}
              className={`${buttonStyles.secondary} cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700 has-[:focus-visible]:ring-offset-2`}
            >
              {file ? 'Elegir otra imagen' : slide ? 'Cambiar la imagen' : 'Elegir imagen'}
              <input
                id={fileId}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                onChange={onFile}
                aria-invalid={fileError ? true : undefined}
                aria-describedby={`${hintId}${fileError ? ` ${fileId}-error` : ''}`}
                className="sr-only"
              />
            </label>
            <span className="min-w-0 truncate text-sm text-ink-700">
              {file ? file.name : slide ? 'Se conserva la imagen actual.' : 'Todavía no has elegido una imagen.'}
            </span>
          </div>
          <p id={hintId} className="mt-1.5 text-sm text-ink-600">
            JPEG, PNG o WebP de al menos {MIN_CAROUSEL_IMAGE.width} × {MIN_CAROUSEL_IMAGE.height} píxeles. Se recorta al
            centro en proporción 8:3; deja el lado izquierdo despejado para el texto.
          </p>
          <FieldError id={`${fileId}-error`} message={fileError} />
        </div>
        <TextField
          label="Antetítulo"
          hint="Opcional; corto, va en mayúsculas."
          error={errors.antetitulo?.message}
          {...register('antetitulo')}
        />
        <TextField label="Título" requiredMark error={errors.titulo?.message} {...register('titulo')} />
        <TextField
          label="Texto"
          className="sm:col-span-2"
          hint="Opcional; una o dos frases."
          error={errors.texto?.message}
          {...register('texto')}
        />
        <TextField label="Texto del botón" requiredMark error={errors.boton?.message} {...register('boton')} />
        <TextField
          label="Enlace del botón"
          requiredMark
          hint="Una página de la tienda, por ejemplo /storeProducts/10018?q=hidratante o /chatbot."
          error={errors.enlace?.message}
          {...register('enlace')}
        />
        <label className="flex items-center gap-3 text-sm font-medium text-ink-900 sm:col-span-2">
          <input type="checkbox" className="size-5 accent-brand-700" {...register('activa')} />
          Visible en la portada
        </label>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <button type="submit" className={buttonStyles.primary} disabled={isSubmitting}>
            {isSubmitting ? 'Guardando…' : slide ? 'Guardar cambios' : 'Agregar diapositiva'}
          </button>
          <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
            Cancelar
          </button>
        </div>
      </form>
    </section>
  )
}
