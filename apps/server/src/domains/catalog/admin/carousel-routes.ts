import {
  AdminCarouselSchema,
  CarouselImageFormSchema,
  CarouselSlideFormFieldsSchema,
  CarouselSlideFormSchema,
  CarouselSlideInputSchema,
  ErrorBodySchema,
  IdOrderSchema,
  IdParamsSchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { guardedErrors } from '../../../shared/auth'
import { multipartValidatorCompiler, parseFormFields, readPhotoForm, requiredFile } from '../../../shared/multipart'
import { authorOf } from '../../audit'
import { afterCatalogChange, type CatalogDeps } from '../cache'
import {
  carouselPicture,
  createSlide,
  deleteSlide,
  getCarousel,
  reorderSlides,
  replaceSlidePicture,
  updateSlide,
} from './carousel'

const errors = { ...guardedErrors, 409: ErrorBodySchema }
const pictureErrors = { ...errors, 413: ErrorBodySchema, 415: ErrorBodySchema }

const PICTURE_RULES =
  'multipart/form-data con la imagen en `file`: JPEG, PNG o WebP de al menos 1200×450 píxeles y hasta 10 MB. Se gira según su EXIF, se recorta al centro a 8:3 y se guarda en 1600×600 WebP sin metadatos.'

/**
 * `admin/carrusel…` (issue 17): the home page's slides. Registered inside the catalogue's admin routes, which
 * refuse anybody but an administrator and read multipart forms; each change refreshes the shop's cached answers,
 * so the home page shows it at once.
 */
export const carouselAdminRoutes: FastifyPluginAsyncZod<Pick<CatalogDeps, 'db' | 'config' | 'catalog'>> = async (
  app,
  { db, config, catalog },
) => {
  const storeId = config.STORE_ID
  const changed = afterCatalogChange(catalog)
  const picture = async (request: Parameters<typeof readPhotoForm>[0]) => {
    const form = await readPhotoForm(request)
    const file = requiredFile(form)
    return carouselPicture(file)
  }

  app.get(
    '/carrusel',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Las diapositivas del carrusel de la portada, activas o no, en su orden',
        response: { 200: AdminCarouselSchema, ...errors },
      },
    },
    async () => getCarousel(db, storeId),
  )

  app.post(
    '/carrusel',
    {
      validatorCompiler: multipartValidatorCompiler,
      schema: {
        tags: ['Administración'],
        summary: 'Agrega una diapositiva al final del carrusel',
        description: `${PICTURE_RULES} Los demás campos van en el mismo formulario.`,
        consumes: ['multipart/form-data'],
        body: CarouselSlideFormSchema,
        response: { 200: AdminCarouselSchema, ...pictureErrors },
      },
    },
    async (request) => {
      const form = await readPhotoForm(request)
      // The copy first: a missing title is said before the picture is decoded.
      const fields = parseFormFields(CarouselSlideFormFieldsSchema, form.fields)
      const file = requiredFile(form)
      const bytes = await carouselPicture(file)
      return changed(await createSlide(db, storeId, fields, bytes, authorOf(request)))
    },
  )

  app.put(
    '/carrusel/orden',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Ordena las diapositivas del carrusel (cada una, de la primera a la última)',
        body: IdOrderSchema,
        response: { 200: AdminCarouselSchema, ...errors },
      },
    },
    async (request) => changed(await reorderSlides(db, storeId, request.body.ids, authorOf(request))),
  )

  app.put(
    '/carrusel/:id',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Cambia los textos, el enlace o la visibilidad de una diapositiva',
        params: IdParamsSchema,
        body: CarouselSlideInputSchema,
        response: { 200: AdminCarouselSchema, ...errors },
      },
    },
    async (request) => changed(await updateSlide(db, storeId, request.params.id, request.body, authorOf(request))),
  )

  app.put(
    '/carrusel/:id/imagen',
    {
      validatorCompiler: multipartValidatorCompiler,
      schema: {
        tags: ['Administración'],
        summary: 'Cambia la imagen de una diapositiva',
        description: PICTURE_RULES,
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        body: CarouselImageFormSchema,
        response: { 200: AdminCarouselSchema, ...pictureErrors },
      },
    },
    async (request) => {
      const bytes = await picture(request)
      return changed(await replaceSlidePicture(db, storeId, request.params.id, bytes, authorOf(request)))
    },
  )

  app.delete(
    '/carrusel/:id',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Elimina una diapositiva y su imagen',
        params: IdParamsSchema,
        response: { 200: AdminCarouselSchema, ...errors },
      },
    },
    async (request) => changed(await deleteSlide(db, storeId, request.params.id, authorOf(request))),
  )
}
