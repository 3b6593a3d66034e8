import { MAX_PHOTO_PIXELS, UPLOAD_MESSAGES } from '@piel/contracts'
import sharp, { type SharpOptions } from 'sharp'
import { AppError } from './errors'

/**
 * Intake of an uploaded picture (a face photo from the phone, a product's picture from the back
 * office): what the bytes really are (never what the client says), within the limits, decoded
 * completely, turned upright (EXIF orientation) and re-encoded without any metadata (EXIF with
 * GPS, ICC, XMP, IPTC): what is stored is pixels only.
 */

/** Container formats recognised from the first bytes. `heic` is HEIF with HEVC, `avif` HEIF with AV1. */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'heic' | 'avif'

export interface IncomingFile {
  bytes: Buffer
  /** The part's Content-Type as the client declared it. */
  declaredType: string | undefined
}

export interface CleanPhoto {
  bytes: Buffer
  mime: 'image/jpeg' | 'image/png' | 'image/webp'
  width: number
  height: number
}

export interface DecodedImage {
  data: Uint8Array
  width: number
  height: number
  channels: 3
}

/** Whether this build of sharp (libvips) reads HEIF containers at all (AVIF at least; HEVC rarely). */
export const CAN_READ_HEIF = sharp.format.heif?.input.buffer === true

/** Decoding options: refuse more than 40 megapixels and any decoding error (a truncated file included). */
const INPUT: SharpOptions = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' }

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1'])
const AVIF_BRANDS = new Set(['avif', 'avis'])

/** The format the bytes are, from their signature; null for anything else. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png'
  }
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp'
  }
  if (bytes.length >= 16 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    // ISO base media file: the major brand, then the compatible brands up to the end of the box.
    const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 256)
    const brands = [bytes.toString('latin1', 8, 12)]
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(bytes.toString('latin1', at, at + 4))
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif'
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic'
  }
  return null
}

/** Declared Content-Types of images, by the formats their content may be. */
const DECLARED: Record<string, ImageFormat[]> = {
  'image/jpeg': ['jpeg'],
  'image/jpg': ['jpeg'],
  'image/pjpeg': ['jpeg'],
  'image/png': ['png'],
  'image/x-png': ['png'],
  'image/webp': ['webp'],
  'image/heic': ['heic'],
  'image/heic-sequence': ['heic'],
  'image/heif': ['heic', 'avif'],
  'image/heif-sequence': ['heic', 'avif'],
  'image/avif': ['avif'],
}

/** Types that say nothing about the content (some phones send them for any file). */
const UNSPECIFIED = new Set(['', 'application/octet-stream', 'binary/octet-stream'])

const FORMAT_NAMES: Record<ImageFormat, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  heic: 'HEIC',
  avif: 'AVIF',
}

const unsupported = (message: string = UPLOAD_MESSAGES.notAnImage) => new AppError(415, 'formato_no_soportado', message)

/**
 * What the file is, after the cheap checks (size, signature, declared type, pixel count read
 * from the header and weighed against the file's size); the decode comes next, so a picture that
 * would hold too many pixels is refused before any of them is in memory. Throws the Spanish 4xx that names the problem.
 */
export async function inspectPhoto(file: IncomingFile): Promise<ImageFormat> {
  if (file.bytes.length === 0) throw new AppError(400, 'archivo_vacio', UPLOAD_MESSAGES.emptyFile)
  const declared = (file.declaredType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  const format = sniffImageFormat(file.bytes)
  if (format === null) {
    const claimed = DECLARED[declared]?.[0]
    if (claimed) {
      throw unsupported(`El archivo dice ser una imagen ${FORMAT_NAMES[claimed]} pero su contenido no es una imagen.`)
    }
    throw unsupported()
  }
  if (!UNSPECIFIED.has(declared)) {
    const allowed = DECLARED[declared]
    if (!allowed) throw unsupported(`El tipo declarado (${declared.slice(0, 60)}) no es una imagen JPEG, PNG o WebP.`)
    if (!allowed.includes(format)) {
      throw new AppError(
        415,
        'tipo_no_coincide',
        `El tipo declarado (${declared}) no coincide con el contenido del archivo, que es ${FORMAT_NAMES[format]}.`,
      )
    }
  }
  if ((format === 'heic' || format === 'avif') && !CAN_READ_HEIF) throw unsupported(UPLOAD_MESSAGES.heicUnsupported)

  let width: number | undefined
  let height: number | undefined
  try {
    ;({ width, height } = await sharp(file.bytes, INPUT).metadata())
  } catch (error) {
    throw decodingError(format, error)
  }
  if (!width || !height) throw new AppError(400, 'imagen_danada', UPLOAD_MESSAGES.damaged)
  if (width * height > MAX_PHOTO_PIXELS) throw tooManyPixels()
  if (isImplausiblyDense(format, width * height, file.bytes.length)) {
    throw new AppError(400, 'imagen_desproporcionada', UPLOAD_MESSAGES.implausiblePixels)
  }
  return format
}

/**
 * Most pixels per byte of file a camera photo shows, by format (issue 29, finding 6: 35 KB PNGs of
 * 36 megapixels, one flat colour, cost about 100 MB of memory each to decode). Real photos stay far
 * below: phone JPEGs of 12 MP carry 2–6 pixels per byte, the most compressed test selfies (20 MP in
 * 670 KB) 30, a dark noisy 12 MP shot 32; a flat JPEG cannot go past about 170, a flat PNG or WebP
 * reaches 500–1,000. HEIF compresses about twice as well as JPEG.
 */
export const MAX_PIXELS_PER_BYTE: Readonly<Record<ImageFormat, number>> = {
  jpeg: 100,
  png: 100,
  webp: 100,
  heic: 200,
  avif: 200,
}

/** Below this many pixels (12 MB of RGB once decoded) any compression is accepted. */
export const DENSITY_CHECK_FROM_PIXELS = 4_000_000

/** Whether the header declares far more pixels than a photo of this many bytes could have. */
export function isImplausiblyDense(format: ImageFormat, pixels: number, bytes: number): boolean {
  return pixels > DENSITY_CHECK_FROM_PIXELS && pixels > bytes * MAX_PIXELS_PER_BYTE[format]
}

const tooManyPixels = () => new AppError(400, 'imagen_demasiado_grande', UPLOAD_MESSAGES.tooManyPixels)

/** A failed decode as the Spanish 4xx it deserves: over the pixel limit, an unreadable HEIC, or damaged data. */
function decodingError(format: ImageFormat, error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error)
  if (/pixel limit/i.test(message)) return tooManyPixels()
  if (format === 'heic') return unsupported(UPLOAD_MESSAGES.heicUnsupported)
  return new AppError(400, 'imagen_danada', UPLOAD_MESSAGES.damaged)
}

/**
 * The photo to store: checked, upright, without metadata. JPEG stays JPEG (quality 90), PNG and
 * WebP keep their format, HEIF becomes JPEG.
 */
export async function cleanPhoto(file: IncomingFile): Promise<CleanPhoto> {
  const format = await inspectPhoto(file)
  // No `withMetadata`/`keepMetadata`: sharp writes none of the input's EXIF, GPS, ICC, XMP or IPTC.
  const upright = sharp(file.bytes, INPUT).rotate()
  const encoded =
    format === 'png'
      ? { pipeline: upright.png({ compressionLevel: 6 }), mime: 'image/png' as const }
      : format === 'webp'
        ? { pipeline: upright.webp({ quality: 90 }), mime: 'image/webp' as const }
        : { pipeline: upright.jpeg({ quality: 90 }), mime: 'image/jpeg' as const }
  try {
    const { data, info } = await encoded.pipeline.toBuffer({ resolveWithObject: true })
    return { bytes: data, mime: encoded.mime, width: info.width, height: info.height }
  } catch (error) {
    throw decodingError(format, error)
  }
}

/** The photo as upright 8-bit sRGB pixels (RGB, no alpha) for the analysis engine; nothing is stored. */
export async function decodePhoto(file: IncomingFile): Promise<DecodedImage> {
  const format = await inspectPhoto(file)
  try {
    const { data, info } = await sharp(file.bytes, INPUT)
      .rotate()
      .toColourspace('srgb')
      .removeAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), ...sizeOf(info), channels: 3 }
  } catch (error) {
    throw decodingError(format, error)
  }
}

const sizeOf = (info: { width: number; height: number }) => ({ width: info.width, height: info.height })
