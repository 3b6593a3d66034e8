import { randomBytes } from 'node:crypto'
import {
  type AdminCarousel,
  type AdminCarouselSlide,
  BANNER_IMAGE_SIZE,
  CAROUSEL_MESSAGES,
  MAX_CAROUSEL_SLIDES,
  MAX_PHOTO_PIXELS,
  MIN_CAROUSEL_IMAGE,
} from '@piel/contracts'
import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { Db } from '../../../db'
import { AppError } from '../../../shared/errors'
import { type IncomingFile, inspectPhoto } from '../../../shared/image-intake'
import { recordAudit } from '../../audit'
import { carouselSlides, media, productImages } from '../tables'
import { toWireSlide } from '../wire'
import { lockStore } from './store-lock'

/**
 * The home page's carousel (issue 17): slides kept in the database, changed from the back office. The home page
 * draws the active ones in order (`listActiveSlides`, the storefront's); the first active one is its largest
 * element, so the store always keeps one.
 */

type SlideRow = typeof carouselSlides.$inferSelect

/** The slide's copy and link as the back office sends them (already checked by the contracts). */
export interface SlideFields {
  antetitulo: string
  titulo: string
  texto: string
  boton: string
  enlace: string
  activa: boolean
}

const WEBP = { quality: 80, effort: 5 } as const

const toAdmin = (row: SlideRow): AdminCarouselSlide => ({
  ...toWireSlide(row),
  clave: row.mediaKey,
  posicion: row.position,
  activa: row.active,
  actualizada: row.updatedAt.toISOString(),
})

/** What the audit log keeps of a slide. */
const audited = (row: SlideRow) => ({
  imagen: row.mediaKey,
  antetitulo: row.eyebrow,
  titulo: row.title,
  texto: row.text,
  boton: row.ctaLabel,
  enlace: row.link,
  posicion: row.position,
  activa: row.active,
})

const columnsOf = (fields: SlideFields) => ({
  eyebrow: fields.antetitulo,
  title: fields.titulo,
  text: fields.texto,
  ctaLabel: fields.boton,
  link: fields.enlace,
  active: fields.activa,
})

/**
 * An uploaded banner as the shop stores it: its real format checked (the photo intake), turned upright, cut to
 * 8:3 around its centre and stored at 1600×600 in WebP without metadata. Too small a picture would show blurred
 * across a computer's screen, so it is refused with the size it needs.
 */
export async function carouselPicture(file: IncomingFile): Promise<Buffer> {
  await inspectPhoto(file)
  const image = sharp(file.bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' })
  try {
    const { width = 0, height = 0, orientation = 1 } = await image.metadata()
    const [upright, tall] = orientation >= 5 ? [height, width] : [width, height]
    if (upright < MIN_CAROUSEL_IMAGE.width || tall < MIN_CAROUSEL_IMAGE.height) {
      throw new AppError(400, 'imagen_pequena', `${CAROUSEL_MESSAGES.tooSmall} Esta mide ${upright} × ${tall}.`, {
        file: CAROUSEL_MESSAGES.tooSmall,
      })
    }
    return await image
      .rotate()
      .resize({ ...BANNER_IMAGE_SIZE, fit: 'cover', position: 'centre' })
      .webp(WEBP)
      .toBuffer()
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError(400, 'imagen_danada', 'La imagen está dañada o incompleta.')
  }
}

const slidesOf = (tx: Db, storeId: number) =>
  tx
    .select()
    .from(carouselSlides)
    .where(eq(carouselSlides.storeId, storeId))
    .orderBy(asc(carouselSlides.position), asc(carouselSlides.id))

const carouselOf = (rows: SlideRow[]): AdminCarousel => ({
  diapositivas: rows.map(toAdmin),
  maximo: MAX_CAROUSEL_SLIDES,
})

/** `GET admin/carrusel`: every slide, shown or not. */
export async function getCarousel(db: Db, storeId: number): Promise<AdminCarousel> {
  return carouselOf(await slidesOf(db, storeId))
}

/**
 * The store's slides, locked for the change (the store row's lock): two changes at once (two tabs, two people)
 * take turns, so the count, the positions and "at least one active" hold after both.
 */
async function lockSlides(tx: Db, storeId: number): Promise<SlideRow[]> {
  await lockStore(tx, storeId)
  return slidesOf(tx, storeId)
}

const find = (rows: SlideRow[], id: number) => {
  const row = rows.find((candidate) => candidate.id === id)
  if (!row) throw new AppError(404, 'no_encontrado', CAROUSEL_MESSAGES.notFound)
  return row
}

const assertOneActive = (rows: readonly Pick<SlideRow, 'active'>[]) => {
  if (!rows.some((row) => row.active)) {
    throw new AppError(409, 'sin_diapositivas', CAROUSEL_MESSAGES.lastActive, { activa: CAROUSEL_MESSAGES.lastActive })
  }
}

/** Removes pictures no slide and no product shows any more. */
async function dropUnusedPictures(tx: Db, keys: readonly string[]) {
  if (keys.length === 0) return
  await tx
    .delete(media)
    .where(
      and(
        inArray(media.key, [...keys]),
        notExists(tx.select({ one: sql`1` }).from(carouselSlides).where(eq(carouselSlides.mediaKey, media.key))),
        notExists(tx.select({ one: sql`1` }).from(productImages).where(eq(productImages.mediaKey, media.key))),
      ),
    )
}

const newPictureKey = () => `carrusel-${randomBytes(8).toString('hex')}.webp`

/** `POST admin/carrusel`: a new slide, last in the carousel. */
export async function createSlide(
  db: Db,
  storeId: number,
  fields: SlideFields,
  picture: Buffer,
  by: number | null,
): Promise<AdminCarousel> {
  return db.transaction(async (tx) => {
    const rows = await lockSlides(tx, storeId)
    if (rows.length >= MAX_CAROUSEL_SLIDES) throw new AppError(409, 'carrusel_lleno', CAROUSEL_MESSAGES.full)
    const key = newPictureKey()
    await tx.insert(media).values({ key, contentType: 'image/webp', bytes: picture })
    const position = rows.reduce((last, row) => Math.max(last, row.position + 1), 0)
    const [row] = await tx
      .insert(carouselSlides)
      .values({ storeId, mediaKey: key, position, ...columnsOf(fields) })
      .returning()
    if (!row) throw new Error('slide not stored')
    await recordAudit(tx, {
      by,
      entity: 'carrusel',
      entityId: row.id,
      action: 'crear',
      before: null,
      after: audited(row),
    })
    return carouselOf([...rows, row])
  })
}

/** `PUT admin/carrusel/{id}`: the slide's copy, link and whether it shows. */
export async function updateSlide(
  db: Db,
  storeId: number,
  id: number,
  fields: SlideFields,
  by: number | null,
): Promise<AdminCarousel> {
  return db.transaction(async (tx) => {
    const rows = await lockSlides(tx, storeId)
    const before = find(rows, id)
    const next = { ...before, ...columnsOf(fields) }
    assertOneActive(rows.map((row) => (row.id === id ? next : row)))
    const [after] = await tx
      .update(carouselSlides)
      .set({ ...columnsOf(fields), updatedAt: new Date() })
      .where(eq(carouselSlides.id, id))
      .returning()
    if (!after) throw new AppError(404, 'no_encontrado', CAROUSEL_MESSAGES.notFound)
    await recordAudit(tx, {
      by,
      entity: 'carrusel',
      entityId: id,
      action: 'cambiar',
      before: audited(before),
      after: audited(after),
    })
    return carouselOf(rows.map((row) => (row.id === id ? after : row)))
  })
}

/** `PUT admin/carrusel/{id}/imagen`: a new picture for the slide; the old one goes. */
export async function replaceSlidePicture(
  db: Db,
  storeId: number,
  id: number,
  picture: Buffer,
  by: number | null,
): Promise<AdminCarousel> {
  return db.transaction(async (tx) => {
    const rows = await lockSlides(tx, storeId)
    const before = find(rows, id)
    const key = newPictureKey()
    await tx.insert(media).values({ key, contentType: 'image/webp', bytes: picture })
    const [after] = await tx
      .update(carouselSlides)
      .set({ mediaKey: key, updatedAt: new Date() })
      .where(eq(carouselSlides.id, id))
      .returning()
    if (!after) throw new AppError(404, 'no_encontrado', CAROUSEL_MESSAGES.notFound)
    await dropUnusedPictures(tx, [before.mediaKey])
    await recordAudit(tx, {
      by,
      entity: 'carrusel',
      entityId: id,
      action: 'cambiar_imagen',
      before: { imagen: before.mediaKey },
      after: { imagen: key },
    })
    return carouselOf(rows.map((row) => (row.id === id ? after : row)))
  })
}

/** `PUT admin/carrusel/orden`: every slide's id, first to last. */
export async function reorderSlides(
  db: Db,
  storeId: number,
  ids: readonly number[],
  by: number | null,
): Promise<AdminCarousel> {
  return db.transaction(async (tx) => {
    const rows = await lockSlides(tx, storeId)
    const known = new Set(rows.map((row) => row.id))
    if (ids.length !== rows.length || ids.some((id) => !known.has(id))) {
      throw new AppError(400, 'datos_invalidos', 'La lista debe nombrar cada diapositiva del carrusel una vez.', {
        ids: 'debe nombrar cada diapositiva una vez',
      })
    }
    const before = rows.map((row) => row.id)
    if (ids.every((id, position) => before[position] === id)) return carouselOf(rows)
    const now = new Date()
    for (const [position, id] of ids.entries()) {
      await tx.update(carouselSlides).set({ position, updatedAt: now }).where(eq(carouselSlides.id, id))
    }
    await recordAudit(tx, {
      by,
      entity: 'carrusel',
      entityId: storeId,
      action: 'ordenar',
      before: { orden: before },
      after: { orden: [...ids] },
    })
    return carouselOf(await slidesOf(tx, storeId))
  })
}

/** `DELETE admin/carrusel/{id}`: the slide and its picture (unless something else shows it). */
export async function deleteSlide(db: Db, storeId: number, id: number, by: number | null): Promise<AdminCarousel> {
  return db.transaction(async (tx) => {
    const rows = await lockSlides(tx, storeId)
    const gone = find(rows, id)
    const left = rows.filter((row) => row.id !== id)
    assertOneActive(left)
    await tx.delete(carouselSlides).where(eq(carouselSlides.id, id))
    await dropUnusedPictures(tx, [gone.mediaKey])
    await recordAudit(tx, {
      by,
      entity: 'carrusel',
      entityId: id,
      action: 'eliminar',
      before: audited(gone),
      after: null,
    })
    return carouselOf(left)
  })
}
