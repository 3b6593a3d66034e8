import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import * as opentypeModule from 'opentype.js'
import sharp from 'sharp'
import type { PackageShape, SeedProduct } from '../types'

/*
 * Generated pictures of the demo catalogue: product illustrations (640×640) and carousel
 * banners (1600×600), drawn as SVG and encoded to WebP with sharp.
 *
 * Text is converted to SVG paths with opentype.js from the DM Sans WOFF files shipped by
 * @fontsource/dm-sans, so the output never depends on the fonts installed on the machine.
 * Everything is deterministic: variation comes from a PRNG seeded with the product name.
 */

// ── Fonts and text ────────────────────────────────────────────────────────────────────────

type OpentypeApi = typeof opentypeModule
type Font = opentypeModule.Font
type Glyph = opentypeModule.Glyph

// Node loads the CommonJS build (API on `default`); bundlers pick the ES build (named exports).
const opentype: OpentypeApi = (opentypeModule as OpentypeApi & { default?: OpentypeApi }).default ?? opentypeModule

type Weight = 400 | 500 | 700

interface FontSet {
  /** The latin subset covers Spanish (á é í ó ú ñ ü ¿ ¡); latin-ext is the fallback for anything else. */
  latin: Font
  ext: Font
}

const requireFromHere = createRequire(import.meta.url)
const fontCache = new Map<Weight, FontSet>()

function parseFontFile(subset: 'latin' | 'latin-ext', weight: Weight): Font {
  const file = requireFromHere.resolve(`@fontsource/dm-sans/files/dm-sans-${subset}-${weight}-normal.woff`)
  const bytes = readFileSync(file)
  return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
}

function fontSet(weight: Weight): FontSet {
  let set = fontCache.get(weight)
  if (!set) {
    set = { latin: parseFontFile('latin', weight), ext: parseFontFile('latin-ext', weight) }
    fontCache.set(weight, set)
  }
  return set
}

interface PlacedGlyph {
  font: Font
  glyph: Glyph
  /** Pen position in em units (font size 1). */
  x: number
}

interface ShapedText {
  glyphs: PlacedGlyph[]
  /** Advance width in em units. */
  width: number
}

const shapeCache = new Map<string, ShapedText>()

/** Lays out a string at font size 1, with kerning, tracking (em) and a per-glyph subset fallback. */
function shapeText(text: string, weight: Weight, tracking = 0): ShapedText {
  const key = `${weight}|${tracking}|${text}`
  const cached = shapeCache.get(key)
  if (cached) return cached
  const fonts = fontSet(weight)
  const glyphs: PlacedGlyph[] = []
  let pen = 0
  let previous: PlacedGlyph | undefined
  for (const char of text) {
    let font = fonts.latin
    let glyph = font.charToGlyph(char)
    if (glyph.index === 0) {
      font = fonts.ext
      glyph = font.charToGlyph(char)
    }
    if (glyph.index === 0) continue // not in DM Sans: skip rather than draw a box
    const unitsPerEm = font.unitsPerEm
    if (previous && previous.font === font) pen += font.getKerningValue(previous.glyph, glyph) / unitsPerEm
    const placed = { font, glyph, x: pen }
    glyphs.push(placed)
    pen += (glyph.advanceWidth ?? unitsPerEm * 0.5) / unitsPerEm + tracking
    previous = placed
  }
  const shaped = { glyphs, width: Math.max(0, pen - (glyphs.length > 0 ? tracking : 0)) }
  shapeCache.set(key, shaped)
  return shaped
}

/**
 * SVG path data of a glyph outline. Written here rather than with Path.toPathData, whose
 * rounding turns coordinates with a tiny fractional part (e.g. 1e-7) into "NaN" and so cuts
 * the rest of the text off.
 */
function pathData(path: opentypeModule.Path): string {
  const n = (value: number) => (Number.isFinite(value) ? r2(value).toString() : '0')
  let d = ''
  for (const command of path.commands) {
    switch (command.type) {
      case 'M':
      case 'L':
        d += `${command.type}${n(command.x)} ${n(command.y)}`
        break
      case 'Q':
        d += `Q${n(command.x1)} ${n(command.y1)} ${n(command.x)} ${n(command.y)}`
        break
      case 'C':
        d += `C${n(command.x1)} ${n(command.y1)} ${n(command.x2)} ${n(command.y2)} ${n(command.x)} ${n(command.y)}`
        break
      case 'Z':
        d += 'Z'
        break
    }
  }
  return d
}

type Align = 'start' | 'middle' | 'end'

interface TextStyle {
  weight: Weight
  size: number
  fill: string
  tracking?: number
  opacity?: number
}

/** One line of text as a single SVG path; (x, baseline) is the anchor. */
function textPath(text: string, x: number, baseline: number, style: TextStyle, align: Align = 'middle'): string {
  const shaped = shapeText(text, style.weight, style.tracking ?? 0)
  const width = shaped.width * style.size
  const left = align === 'start' ? x : align === 'middle' ? x - width / 2 : x - width
  const data = shaped.glyphs
    .map((placed) => pathData(placed.glyph.getPath(left + placed.x * style.size, baseline, style.size)))
    .join('')
  if (!data) return ''
  const opacity = style.opacity === undefined ? '' : ` fill-opacity="${style.opacity}"`
  return `<path d="${data}" fill="${style.fill}"${opacity}/>`
}

function textWidth(text: string, weight: Weight, size: number, tracking = 0): number {
  return shapeText(text, weight, tracking).width * size
}

interface FittedText {
  lines: string[]
  size: number
}

interface FitOptions {
  weight: Weight
  maxSize: number
  minSize: number
  maxLines: number
  /** Line advance as a multiple of the font size. */
  lineHeight: number
  tracking?: number
}

/** All ways of cutting `words` into exactly `count` non-empty lines. */
function splitWords(words: string[], count: number): string[][] {
  if (count === 1) return [[words.join(' ')]]
  const result: string[][] = []
  for (let cut = 1; cut <= words.length - count + 1; cut++) {
    const head = words.slice(0, cut).join(' ')
    for (const rest of splitWords(words.slice(cut), count - 1)) result.push([head, ...rest])
  }
  return result
}

/**
 * Chooses the line breaks and the largest font size that fit `text` in a box: first shrinks,
 * then wraps (up to maxLines), and only as a last resort truncates with an ellipsis.
 */
function fitText(text: string, boxWidth: number, boxHeight: number, options: FitOptions): FittedText {
  const { weight, maxSize, minSize, maxLines, lineHeight, tracking = 0 } = options
  const words = text.split(/\s+/).filter(Boolean)
  if (words.length === 0) return { lines: [], size: maxSize }
  const unitWidth = (line: string) => shapeText(line, weight, tracking).width
  let best: FittedText | undefined
  for (let count = 1; count <= Math.min(maxLines, words.length); count++) {
    let bestSplit: string[] | undefined
    let bestWidth = Number.POSITIVE_INFINITY
    for (const lines of splitWords(words, count)) {
      const widest = Math.max(...lines.map(unitWidth))
      if (widest < bestWidth) {
        bestWidth = widest
        bestSplit = lines
      }
    }
    if (!bestSplit) continue
    const size = Math.min(maxSize, boxWidth / bestWidth, boxHeight / (count * lineHeight))
    // More lines only when they buy a clearly bigger type size.
    if (!best || size > best.size * 1.15) best = { lines: bestSplit, size }
  }
  if (best && best.size >= minSize) return best
  return truncateToFit(words, boxWidth, minSize, maxLines, weight, tracking)
}

function truncateToFit(
  words: string[],
  boxWidth: number,
  size: number,
  maxLines: number,
  weight: Weight,
  tracking: number,
): FittedText {
  const fits = (line: string) => textWidth(line, weight, size, tracking) <= boxWidth
  const lines: string[] = []
  let current = ''
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word
    if (fits(candidate) || !current) {
      current = candidate
      continue
    }
    lines.push(current)
    current = word
  }
  if (current) lines.push(current)
  const kept = lines.slice(0, maxLines)
  const truncated = lines.length > maxLines
  const lastIndex = kept.length - 1
  let last = kept[lastIndex] ?? ''
  if (truncated || !fits(last)) {
    while (last.length > 1 && !fits(`${last}…`)) last = last.slice(0, -1).trimEnd()
    kept[lastIndex] = `${last}…`
  }
  return { lines: kept, size }
}

// ── Colours and small helpers ────────────────────────────────────────────────────────────

type Rgb = [number, number, number]

function parseHex(hex: string): Rgb {
  const value = hex.replace('#', '')
  const full =
    value.length === 3
      ? value
          .split('')
          .map((c) => c + c)
          .join('')
      : value
  const int = Number.parseInt(full.slice(0, 6), 16)
  return [(int >> 16) & 255, (int >> 8) & 255, int & 255]
}

function toHex([r, g, b]: Rgb): string {
  const channel = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0')
  return `#${channel(r)}${channel(g)}${channel(b)}`
}

/** Linear blend: t = 0 gives `a`, t = 1 gives `b`. */
function mix(a: string, b: string, t: number): string {
  const x = parseHex(a)
  const y = parseHex(b)
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t])
}

function luminance(hex: string): number {
  const linear = parseHex(hex).map((v) => {
    const c = v / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * (linear[0] ?? 0) + 0.7152 * (linear[1] ?? 0) + 0.0722 * (linear[2] ?? 0)
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)
}

const INK = '#1E2A3A'
const PAPER = '#FFFFFF'

/** A colour from `candidates` readable on `background`, else black or white, whichever is better. */
function readableOn(background: string, candidates: string[], minimum: number): string {
  for (const candidate of candidates) if (contrast(candidate, background) >= minimum) return candidate
  return contrast(INK, background) >= contrast(PAPER, background) ? INK : PAPER
}

const isLight = (hex: string) => luminance(hex) > 0.55

/** Rounds coordinates so the SVG stays small. */
const r2 = (value: number) => Math.round(value * 100) / 100

function hashString(value: string): number {
  let hash = 2166136261
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i)
    hash = Math.imul(hash, 16777619)
  }
  return hash >>> 0
}

/** mulberry32: small deterministic PRNG. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function roundedRect(x: number, y: number, w: number, h: number, rTop: number, rBottom: number): string {
  const t = Math.min(rTop, w / 2, h / 2)
  const b = Math.min(rBottom, w / 2, h / 2)
  return [
    `M${r2(x + t)} ${r2(y)}`,
    `H${r2(x + w - t)}`,
    `Q${r2(x + w)} ${r2(y)} ${r2(x + w)} ${r2(y + t)}`,
    `V${r2(y + h - b)}`,
    `Q${r2(x + w)} ${r2(y + h)} ${r2(x + w - b)} ${r2(y + h)}`,
    `H${r2(x + b)}`,
    `Q${r2(x)} ${r2(y + h)} ${r2(x)} ${r2(y + h - b)}`,
    `V${r2(y + t)}`,
    `Q${r2(x)} ${r2(y)} ${r2(x + t)} ${r2(y)}Z`,
  ].join('')
}

/** Vertical hairlines (ribs of a cap, crimp of a tube). */
function ribs(x0: number, x1: number, y0: number, y1: number, step: number, color: string, opacity: number): string {
  let d = ''
  for (let x = x0; x <= x1 + 0.01; x += step) d += `M${r2(x)} ${r2(y0)}V${r2(y1)}`
  return `<path d="${d}" stroke="${color}" stroke-opacity="${opacity}" stroke-width="1.4" fill="none"/>`
}

/**
 * Shared gradients of every scene: the cylinder shading overlay (bounding-box units, so one
 * definition shades any part), the floor shadow and a soft glossy highlight.
 */
const SHARED_DEFS = `
<linearGradient id="cyl" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#0B1320" stop-opacity="0.26"/>
  <stop offset="0.1" stop-color="#0B1320" stop-opacity="0.08"/>
  <stop offset="0.24" stop-color="#FFFFFF" stop-opacity="0.38"/>
  <stop offset="0.36" stop-color="#FFFFFF" stop-opacity="0.05"/>
  <stop offset="0.7" stop-color="#0B1320" stop-opacity="0"/>
  <stop offset="0.9" stop-color="#0B1320" stop-opacity="0.12"/>
  <stop offset="1" stop-color="#0B1320" stop-opacity="0.3"/>
</linearGradient>
<linearGradient id="topLight" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#FFFFFF" stop-opacity="0.35"/>
  <stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/>
</linearGradient>
<radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5">
  <stop offset="0" stop-color="#1A2333" stop-opacity="0.34"/>
  <stop offset="0.55" stop-color="#1A2333" stop-opacity="0.12"/>
  <stop offset="1" stop-color="#1A2333" stop-opacity="0"/>
</radialGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
  <stop offset="0" stop-color="#FFFFFF" stop-opacity="0.9"/>
  <stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/>
</radialGradient>`

// ── Labels ───────────────────────────────────────────────────────────────────────────────

interface Rect {
  x: number
  y: number
  w: number
  h: number
}

interface LabelText {
  brand: string
  line: string
  size?: string
  spf?: string
}

interface PackageStyle {
  /** Prefix for the SVG ids of this package (several packages share one banner). */
  id: string
  color: string
  accent: string
  /** Without text the label shows neutral bars (banners must carry no text). */
  text?: LabelText
}

interface LabelColors {
  brand: string
  line: string
  muted: string
  rule: string
}

function labelColors(style: PackageStyle): LabelColors {
  const body = style.color
  if (isLight(body)) {
    const brand = readableOn(body, [style.accent, mix(style.accent, '#000000', 0.3)], 2.6)
    const line = readableOn(body, [mix(style.accent, INK, 0.72)], 6)
    return { brand, line, muted: mix(line, body, 0.35), rule: style.accent }
  }
  const text = readableOn(body, [PAPER, style.accent], 3.2)
  return { brand: text, line: text, muted: mix(text, body, 0.25), rule: readableOn(body, [style.accent], 2) }
}

interface Badge {
  svg: string
  width: number
}

/** A pill with "FPS 50+" whose left edge is at `x`. */
function fpsBadge(spf: string, x: number, cy: number, height: number, maxWidth: number, style: PackageStyle): Badge {
  const text = `FPS ${spf}`
  const fill = isLight(style.color) ? style.accent : mix(style.accent, style.color, 0.15)
  const ink = readableOn(fill, [PAPER], 3) === PAPER ? PAPER : INK
  const tracking = 0.02
  const padding = height * 0.7
  const size = Math.min(height * 0.58, (maxWidth - padding) / Math.max(0.01, shapeText(text, 700, tracking).width))
  const width = textWidth(text, 700, size, tracking) + padding
  const svg =
    `<rect x="${r2(x)}" y="${r2(cy - height / 2)}" width="${r2(width)}" height="${r2(height)}" rx="${r2(height / 2)}" fill="${fill}"/>` +
    textPath(text, x + width / 2, cy + size * 0.36, { weight: 700, size, fill: ink, tracking })
  return { svg, width }
}

const BRAND_TRACKING = 0.08

/**
 * Brand, product line, FPS badge and size laid out top to bottom inside `rect`, never
 * overflowing: every text is shrunk, wrapped or (last resort) truncated to its box. Wide, short
 * labels (jars, sticks, compacts) put the FPS badge and the size side by side on the last row.
 */
function drawLabel(rect: Rect, style: PackageStyle): string {
  const colors = labelColors(style)
  const pad = Math.min(rect.w, rect.h) * 0.08
  const inner = { x: rect.x + pad, y: rect.y + pad, w: rect.w - 2 * pad, h: rect.h - 2 * pad }
  if (!style.text) return abstractLabel(inner, colors)
  const { brand, line, size, spf } = style.text
  const wide = inner.w > inner.h * 1.4
  const cx = inner.x + inner.w / 2
  let out = ''

  // Brand on top, in the brand colour, with a short rule under it.
  // Long brands may take two lines on tall labels rather than becoming unreadably small.
  const brandFit = fitText(brand.toUpperCase(), inner.w, inner.h * (wide ? 0.2 : 0.18), {
    weight: 700,
    maxSize: Math.min(inner.h * (wide ? 0.15 : 0.085), inner.w * 0.16),
    minSize: Math.max(4, inner.h * 0.035),
    maxLines: wide ? 1 : 2,
    lineHeight: 1.15,
    tracking: BRAND_TRACKING,
  })
  const brandSize = brandFit.size
  let brandBaseline = inner.y + brandSize * 0.74
  brandFit.lines.forEach((text, index) => {
    if (index > 0) brandBaseline += brandSize * 1.15
    out += textPath(text, cx, brandBaseline, {
      weight: 700,
      size: brandSize,
      fill: colors.brand,
      tracking: BRAND_TRACKING,
    })
  })
  const ruleY = brandBaseline + inner.h * (wide ? 0.07 : 0.035)
  const ruleWidth = Math.min(inner.w * 0.3, brandSize * 3)
  const ruleHeight = Math.max(1, inner.h * (wide ? 0.014 : 0.008))
  out += `<rect x="${r2(cx - ruleWidth / 2)}" y="${r2(ruleY)}" width="${r2(ruleWidth)}" height="${r2(ruleHeight)}" fill="${colors.rule}"/>`
  const top = ruleY + inner.h * (wide ? 0.09 : 0.05)

  // Bottom: size (and the FPS badge above it, or beside it on wide labels).
  let bottom = inner.y + inner.h
  const sizeSize = Math.min(inner.h * (wide ? 0.12 : 0.072), inner.w * 0.13)
  const badgeHeight = Math.min(inner.h * (wide ? 0.17 : 0.095), inner.w * 0.22)
  const sizeWidth = size ? textWidth(size, 500, sizeSize) : 0
  if (wide) {
    const gap = badgeHeight * 0.4
    const badge = spf ? fpsBadge(spf, 0, 0, badgeHeight, inner.w * 0.6, style) : undefined
    const rowWidth = (badge?.width ?? 0) + (badge && size ? gap : 0) + sizeWidth
    let x = cx - rowWidth / 2
    const rowHeight = Math.max(badge ? badgeHeight : 0, size ? sizeSize : 0)
    const cy = bottom - rowHeight / 2
    if (spf && badge) {
      out += fpsBadge(spf, x, cy, badgeHeight, inner.w * 0.6, style).svg
      x += badge.width + gap
    }
    if (size)
      out += textPath(size, x, cy + sizeSize * 0.36, { weight: 500, size: sizeSize, fill: colors.muted }, 'start')
    if (rowHeight > 0) bottom -= rowHeight * 1.35
  } else {
    if (size) {
      const fitted = Math.min(sizeSize, (inner.w / Math.max(sizeWidth, 0.01)) * sizeSize)
      out += textPath(size, cx, bottom - fitted * 0.05, { weight: 500, size: fitted, fill: colors.muted })
      bottom -= fitted * 1.6
    }
    if (spf) {
      const probe = fpsBadge(spf, 0, 0, badgeHeight, inner.w, style)
      out += fpsBadge(spf, cx - probe.width / 2, bottom - badgeHeight / 2, badgeHeight, inner.w, style).svg
      bottom -= badgeHeight * 1.4
    }
  }

  // The product line fills the space in between, centred.
  const available = bottom - top
  if (available > 4) {
    const lineHeight = 1.16
    const lineFit = fitText(line, inner.w, available, {
      weight: 700,
      maxSize: Math.min(inner.h * (wide ? 0.2 : 0.115), inner.w * 0.2),
      minSize: 4,
      maxLines: wide ? 2 : 3,
      lineHeight,
    })
    const blockHeight = lineFit.lines.length * lineFit.size * lineHeight
    let baseline = top + Math.max(0, (available - blockHeight) / 2) + lineFit.size * 0.84
    for (const text of lineFit.lines) {
      out += textPath(text, cx, baseline, { weight: 700, size: lineFit.size, fill: colors.line })
      baseline += lineFit.size * lineHeight
    }
  }
  return out
}

/** Neutral bars standing for text, for the banners. */
function abstractLabel(inner: Rect, colors: LabelColors): string {
  const cx = inner.x + inner.w / 2
  const bar = (width: number, y: number, height: number, fill: string, opacity: number) =>
    `<rect x="${r2(cx - width / 2)}" y="${r2(y)}" width="${r2(width)}" height="${r2(height)}" rx="${r2(height / 2)}" fill="${fill}" fill-opacity="${opacity}"/>`
  const unit = Math.min(inner.h * 0.07, inner.w * 0.12)
  return (
    bar(inner.w * 0.62, inner.y + inner.h * 0.06, unit, colors.brand, 0.9) +
    bar(inner.w * 0.22, inner.y + inner.h * 0.06 + unit * 1.8, unit * 0.18, colors.rule, 0.9) +
    bar(inner.w * 0.72, inner.y + inner.h * 0.42, unit * 0.5, colors.line, 0.45) +
    bar(inner.w * 0.5, inner.y + inner.h * 0.42 + unit, unit * 0.5, colors.line, 0.45) +
    bar(inner.w * 0.26, inner.y + inner.h * 0.88, unit * 0.45, colors.muted, 0.5)
  )
}

// ── Packages ─────────────────────────────────────────────────────────────────────────────
// Each shape is drawn in local units with x = 0 on its axis and y = 0 on the floor (up is
// negative), and reports its size and where its label sits.

interface PackageArt {
  svg: string
  width: number
  height: number
  /** The label's box in local units (already rotated/squashed for stick and cushion). */
  label: Rect
  /** Angle of the label text relative to the package (the stick's label runs vertically). */
  labelRotation?: number
}

const outlineOf = (color: string) => mix(color, '#0B1320', 0.3)

/** A filled part with the shared cylinder shading and a thin outline. */
function solid(d: string, fill: string, shade = true): string {
  return (
    `<path d="${d}" fill="${fill}"/>` +
    (shade ? `<path d="${d}" fill="url(#cyl)"/>` : '') +
    `<path d="${d}" fill="none" stroke="${outlineOf(fill)}" stroke-opacity="0.35" stroke-width="1.2"/>`
  )
}

/** Colour of caps, lids and pumps: the accent, unless it is too pale to show. */
function capColor(style: PackageStyle): string {
  return luminance(style.accent) > 0.8 ? mix(style.color, '#000000', 0.12) : style.accent
}

/** Body with clipped decoration, the label and the shading drawn over it so it wraps the body. */
function bodyWithLabel(d: string, style: PackageStyle, label: Rect, decoration: string): string {
  const clip = `${style.id}-body`
  return (
    `<clipPath id="${clip}"><path d="${d}"/></clipPath>` +
    `<path d="${d}" fill="${style.color}"/>` +
    `<g clip-path="url(#${clip})">${decoration}</g>` +
    drawLabel(label, style) +
    `<path d="${d}" fill="url(#cyl)"/>` +
    `<path d="${d}" fill="none" stroke="${outlineOf(style.color)}" stroke-opacity="0.35" stroke-width="1.2"/>`
  )
}

function accentBand(x: number, y: number, w: number, h: number, style: PackageStyle, opacity = 1): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${style.accent}" fill-opacity="${opacity}"/>`
}

function drawTube(style: PackageStyle): PackageArt {
  const body = 'M-46 -58C-58 -62 -70 -76 -72 -100L-86 -414H86L72 -100C70 -76 58 -62 46 -58Z'
  const label = { x: -66, y: -376, w: 132, h: 256 }
  const decoration = accentBand(-90, -114, 180, 14, style) + accentBand(-90, -414, 180, 10, style, 0.85)
  const crimp = roundedRect(-88, -440, 176, 28, 3, 2)
  const cap = roundedRect(-46, -58, 92, 58, 4, 9)
  const cap2 = capColor(style)
  const svg =
    bodyWithLabel(body, style, label, decoration) +
    solid(crimp, mix(style.color, '#8A93A0', 0.12)) +
    ribs(-82, 82, -437, -415, 5, outlineOf(style.color), 0.35) +
    solid(cap, cap2) +
    ribs(-40, 40, -54, -4, 6, outlineOf(cap2), 0.25)
  return { svg, width: 176, height: 440, label }
}

function drawBottle(style: PackageStyle): PackageArt {
  const body = 'M-78 -20Q-78 0 -58 0H58Q78 0 78 -20V-262C78 -292 60 -306 34 -312H-34C-60 -306 -78 -292 -78 -262Z'
  const label = { x: -64, y: -276, w: 128, h: 246 }
  const decoration = accentBand(-80, -26, 160, 26, style, 0.9)
  const cap = capColor(style)
  const svg =
    bodyWithLabel(body, style, label, decoration) +
    solid(roundedRect(-30, -326, 60, 18, 2, 2), mix(style.color, '#8A93A0', 0.25)) +
    solid(roundedRect(-40, -400, 80, 76, 14, 4), cap) +
    `<path d="M-40 -372H40" stroke="${outlineOf(cap)}" stroke-opacity="0.45" stroke-width="1.4"/>` +
    `<rect x="-12" y="-392" width="24" height="6" rx="3" fill="${outlineOf(cap)}" fill-opacity="0.3"/>`
  return { svg, width: 160, height: 400, label }
}

function drawPump(style: PackageStyle): PackageArt {
  const body = 'M-80 -22Q-80 0 -58 0H58Q80 0 80 -22V-272C80 -296 66 -306 40 -308H-40C-66 -306 -80 -296 -80 -272Z'
  const label = { x: -64, y: -282, w: 128, h: 252 }
  const decoration = accentBand(-82, -24, 164, 24, style, 0.9)
  const cap = capColor(style)
  const nozzle = 'M28 -396L88 -392Q94 -391 94 -386V-382Q94 -378 88 -378L28 -372Z'
  const svg =
    bodyWithLabel(body, style, label, decoration) +
    solid(roundedRect(-8, -368, 16, 32, 2, 2), '#DCE0E6') +
    solid(roundedRect(-36, -340, 72, 34, 6, 2), cap) +
    ribs(-30, 30, -336, -310, 5, outlineOf(cap), 0.25) +
    solid(nozzle, cap, false) +
    solid(roundedRect(-34, -400, 68, 34, 9, 4), cap)
  return { svg, width: 188, height: 400, label }
}

function drawDropper(style: PackageStyle): PackageArt {
  const body = 'M-66 -16Q-66 0 -50 0H50Q66 0 66 -16V-206C66 -232 50 -244 28 -248H-28C-50 -244 -66 -232 -66 -206Z'
  const label = { x: -55, y: -222, w: 110, h: 196 }
  const collar = mix(capColor(style), '#000000', 0.08)
  const bulb = 'M-21 -300V-352C-21 -392 -14 -412 0 -412C14 -412 21 -392 21 -352V-300Z'
  const svg =
    bodyWithLabel(body, style, label, accentBand(-70, -14, 140, 14, style, 0.8)) +
    solid(roundedRect(-24, -262, 48, 16, 2, 2), mix(style.color, '#8A93A0', 0.3)) +
    solid(bulb, mix(collar, '#FFFFFF', 0.12)) +
    solid(roundedRect(-36, -304, 72, 46, 6, 3), collar) +
    ribs(-30, 30, -300, -262, 4, outlineOf(collar), 0.25)
  return { svg, width: 132, height: 412, label }
}

function drawSpray(style: PackageStyle): PackageArt {
  const body = 'M-62 -8Q-62 0 -54 0H54Q62 0 62 -8V-350C62 -372 40 -384 20 -388H-20C-40 -384 -62 -372 -62 -350Z'
  const label = { x: -52, y: -340, w: 104, h: 304 }
  const cap = capColor(style)
  const decoration = accentBand(-64, -28, 128, 28, style, 0.9) + accentBand(-64, -392, 128, 40, style, 0.9)
  const svg =
    bodyWithLabel(body, style, label, decoration) +
    solid(roundedRect(-24, -400, 48, 14, 4, 4), '#C9CED6') +
    solid(roundedRect(-27, -448, 54, 52, 12, 5), cap) +
    `<ellipse cx="0" cy="-428" rx="5" ry="5" fill="${mix(cap, '#000000', 0.55)}"/>`
  return { svg, width: 124, height: 448, label }
}

function drawJar(style: PackageStyle): PackageArt {
  const body = roundedRect(-122, -146, 244, 146, 2, 18)
  const label = { x: -106, y: -140, w: 212, h: 134 }
  const lid = roundedRect(-130, -236, 260, 84, 12, 4)
  const lidColor = capColor(style)
  const svg =
    bodyWithLabel(body, style, label, '') +
    solid(roundedRect(-118, -154, 236, 10, 2, 2), mix(style.color, '#5C6470', 0.35)) +
    solid(lid, lidColor) +
    ribs(-124, 124, -226, -160, 6, outlineOf(lidColor), 0.16) +
    `<ellipse cx="0" cy="-234" rx="124" ry="6" fill="#FFFFFF" fill-opacity="0.35"/>`
  return { svg, width: 260, height: 236, label }
}

function drawStick(style: PackageStyle): PackageArt {
  const body = roundedRect(-46, -244, 92, 244, 3, 10)
  const cap = capColor(style)
  // The label runs bottom-to-top along the stick, as on real sticks.
  const labelW = 220
  const labelH = 80
  const cx = 0
  const cy = -124
  const rotatedLabel = drawLabel({ x: 0, y: 0, w: labelW, h: labelH }, style)
  const clip = `${style.id}-body`
  const svg =
    `<clipPath id="${clip}"><path d="${body}"/></clipPath>` +
    `<path d="${body}" fill="${style.color}"/>` +
    `<g clip-path="url(#${clip})">${accentBand(-48, -22, 96, 22, style, 0.9)}</g>` +
    `<g transform="translate(${cx} ${cy}) rotate(-90) translate(${-labelW / 2} ${-labelH / 2})">${rotatedLabel}</g>` +
    `<path d="${body}" fill="url(#cyl)"/>` +
    `<path d="${body}" fill="none" stroke="${outlineOf(style.color)}" stroke-opacity="0.35" stroke-width="1.2"/>` +
    solid(roundedRect(-46, -250, 92, 8, 1, 1), mix(cap, '#000000', 0.2)) +
    solid(roundedRect(-46, -384, 92, 136, 26, 3), cap)
  return {
    svg,
    width: 92,
    height: 384,
    label: { x: cx - labelH / 2, y: cy - labelW / 2, w: labelH, h: labelW },
    labelRotation: -90,
  }
}

function drawCushion(style: PackageStyle): PackageArt {
  const rx = 150
  const ry = 92
  const thickness = 54
  const bottomY = -ry
  const topY = bottomY - thickness
  const side = `M${-rx} ${topY}V${bottomY}A${rx} ${ry} 0 0 0 ${rx} ${bottomY}V${topY}Z`
  const seamY = topY + thickness * 0.55
  const squash = ry / rx
  const labelW = 200
  const labelH = 128
  const label = drawLabel({ x: -labelW / 2, y: -labelH / 2, w: labelW, h: labelH }, style)
  const lid = style.color
  const svg =
    solid(side, mix(lid, '#000000', 0.08)) +
    `<path d="M${-rx} ${seamY}A${rx} ${ry} 0 0 0 ${rx} ${seamY}" fill="none" stroke="${outlineOf(lid)}" stroke-opacity="0.45" stroke-width="1.6"/>` +
    `<ellipse cx="0" cy="${topY}" rx="${rx}" ry="${ry}" fill="${lid}" stroke="${outlineOf(lid)}" stroke-opacity="0.3" stroke-width="1.2"/>` +
    `<ellipse cx="0" cy="${topY}" rx="${rx - 16}" ry="${r2(ry - 16 * squash)}" fill="none" stroke="${style.accent}" stroke-opacity="0.7" stroke-width="2"/>` +
    `<g transform="translate(0 ${topY}) scale(1 ${r2(squash)})">${label}</g>` +
    `<ellipse cx="${-rx * 0.35}" cy="${r2(topY - ry * 0.45)}" rx="${rx * 0.45}" ry="${r2(ry * 0.25)}" fill="url(#glow)" fill-opacity="0.6"/>`
  return {
    svg,
    width: rx * 2,
    height: ry * 2 + thickness,
    label: { x: -labelW / 2, y: topY - (labelH * squash) / 2, w: labelW, h: labelH * squash },
  }
}

const SHAPES: Record<PackageShape, (style: PackageStyle) => PackageArt> = {
  tube: drawTube,
  bottle: drawBottle,
  pump: drawPump,
  dropper: drawDropper,
  spray: drawSpray,
  jar: drawJar,
  stick: drawStick,
  cushion: drawCushion,
}

function drawPackage(shape: PackageShape, style: PackageStyle): PackageArt {
  return SHAPES[shape](style)
}

// ── Scene pieces ─────────────────────────────────────────────────────────────────────────

/** Scale that makes a package as large as possible inside a (maxWidth, maxHeight) box. */
function fitScale(art: PackageArt, maxWidth: number, maxHeight: number): number {
  return Math.min(maxWidth / art.width, maxHeight / art.height)
}

function floorShadow(cx: number, floorY: number, width: number): string {
  return (
    `<ellipse cx="${r2(cx)}" cy="${r2(floorY + 4)}" rx="${r2(width * 0.85)}" ry="${r2(width * 0.13)}" fill="url(#shadow)"/>` +
    `<ellipse cx="${r2(cx)}" cy="${r2(floorY + 1)}" rx="${r2(width * 0.55)}" ry="${r2(width * 0.045)}" fill="url(#shadow)"/>`
  )
}

function placed(art: PackageArt, cx: number, floorY: number, scale: number, rotate = 0): string {
  const rotation = rotate ? ` rotate(${rotate})` : ''
  return `<g transform="translate(${r2(cx)} ${r2(floorY)})${rotation} scale(${r2(scale * 1000) / 1000})">${art.svg}</g>`
}

/** Soft studio background: radial light, a faint tabletop and a vignette tinted by the brand. */
function studioBackground(width: number, height: number, floorY: number, tint: string): string {
  const centre = mix('#FFFFFF', tint, 0.03)
  const edge = mix('#E9ECF1', tint, 0.1)
  return (
    `<radialGradient id="bg" cx="0.5" cy="0.38" r="0.78"><stop offset="0" stop-color="${centre}"/><stop offset="0.6" stop-color="${mix(centre, edge, 0.5)}"/><stop offset="1" stop-color="${edge}"/></radialGradient>` +
    `<linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(edge, '#C9CFD8', 0.3)}" stop-opacity="0"/><stop offset="1" stop-color="${mix(edge, '#C9CFD8', 0.5)}" stop-opacity="0.55"/></linearGradient>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    `<rect y="${r2(floorY - 40)}" width="${width}" height="${r2(height - floorY + 40)}" fill="url(#table)"/>`
  )
}

function svgDocument(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${SHARED_DEFS}</defs>${body}</svg>`
}

async function toWebp(svg: string): Promise<Buffer> {
  // effort 2 halves the encoding time (the bulk of it) for a few per cent larger files.
  return sharp(Buffer.from(svg)).webp({ quality: 82, effort: 2 }).toBuffer()
}

// ── Texture swatches (product view 1) ───────────────────────────────────────────────────

type Swatch = 'cream' | 'gel' | 'drops' | 'mist'

function swatchKind(product: ImageInput): Swatch {
  const texture = product.characteristics.Textura?.[0]
  switch (texture) {
    case 'Gel':
    case 'Gel-crema':
      return 'gel'
    case 'Fluido':
    case 'Sérum':
    case 'Agua':
      return 'drops'
    case 'Bruma':
      return 'mist'
    default:
      return product.image.shape === 'spray' ? 'mist' : product.image.shape === 'dropper' ? 'drops' : 'cream'
  }
}

function swatchColor(product: ImageInput, kind: Swatch): string {
  const tinted = /\bcolor\b/i.test(product.name) || product.image.shape === 'cushion'
  if (tinted) return '#DDB28E'
  if (kind === 'cream') return '#FBF7F1'
  if (kind === 'mist') return mix('#A8CBEA', product.image.accent, 0.12)
  const base = isLight(product.image.color) ? product.image.accent : product.image.color
  return mix(base, '#FFFFFF', kind === 'gel' ? 0.72 : 0.6)
}

/** A swipe of cream with ridges, as if spread with a spatula. */
function creamSmear(cx: number, cy: number, scale: number, color: string, random: () => number): string {
  const tilt = -6 + random() * 8
  const blob = 'M-118 8C-104 -26 -30 -40 52 -32C104 -27 128 -10 124 6C120 22 84 30 20 32C-50 34 -126 30 -118 8Z'
  const ridge1 = 'M-96 2C-52 -20 28 -26 96 -14'
  const ridge2 = 'M-80 16C-26 6 40 4 104 4'
  const shade = mix(color, '#5B4A3A', 0.22)
  return (
    `<g transform="translate(${r2(cx)} ${r2(cy)}) rotate(${r2(tilt)}) scale(${r2(scale)})">` +
    `<ellipse cx="4" cy="24" rx="134" ry="20" fill="url(#shadow)"/>` +
    `<ellipse cx="4" cy="20" rx="120" ry="12" fill="url(#shadow)"/>` +
    `<path d="${blob}" fill="${color}"/>` +
    `<path d="${blob}" fill="url(#cyl)" fill-opacity="0.45"/>` +
    `<path d="${ridge2}" stroke="${shade}" stroke-width="5" stroke-linecap="round" fill="none" stroke-opacity="0.55"/>` +
    `<path d="${ridge1}" stroke="#FFFFFF" stroke-width="6" stroke-linecap="round" fill="none" stroke-opacity="0.95"/>` +
    `<path d="${blob}" fill="none" stroke="${shade}" stroke-width="1.6" stroke-opacity="0.8"/>` +
    '</g>'
  )
}

function gelBlob(cx: number, cy: number, scale: number, color: string, random: () => number): string {
  const bubbles = Array.from({ length: 5 }, () => {
    const x = -80 + random() * 150
    const y = -14 + random() * 26
    const r = 2 + random() * 4
    return `<circle cx="${r2(x)}" cy="${r2(y)}" r="${r2(r)}" fill="none" stroke="#FFFFFF" stroke-width="1.4" stroke-opacity="0.9"/>`
  }).join('')
  const blob = 'M-112 6C-104 -24 -40 -34 40 -30C98 -27 124 -12 120 6C116 22 76 28 10 28C-58 28 -118 24 -112 6Z'
  return (
    `<g transform="translate(${r2(cx)} ${r2(cy)}) scale(${r2(scale)})">` +
    `<ellipse cx="4" cy="20" rx="122" ry="14" fill="url(#shadow)"/>` +
    `<path d="${blob}" fill="${color}" fill-opacity="0.85"/>` +
    `<path d="${blob}" fill="none" stroke="${mix(color, '#0B1320', 0.25)}" stroke-width="1.5" stroke-opacity="0.5"/>` +
    `<path d="M-86 -10C-40 -24 30 -26 90 -16" stroke="#FFFFFF" stroke-width="7" stroke-linecap="round" fill="none" stroke-opacity="0.85"/>` +
    `<path d="M-60 14C-10 20 50 18 96 8" stroke="#FFFFFF" stroke-width="3" stroke-linecap="round" fill="none" stroke-opacity="0.5"/>` +
    bubbles +
    '</g>'
  )
}

function drop(x: number, y: number, radius: number, color: string): string {
  const rim = mix(color, '#0B1320', 0.3)
  return (
    `<ellipse cx="${r2(x + radius * 0.1)}" cy="${r2(y + radius * 0.2)}" rx="${r2(radius * 1.15)}" ry="${r2(radius * 0.45)}" fill="url(#shadow)"/>` +
    `<path d="M${r2(x - radius)} ${r2(y)}A${r2(radius)} ${r2(radius * 0.78)} 0 0 1 ${r2(x + radius)} ${r2(y)}Z" fill="${color}" fill-opacity="0.9"/>` +
    `<path d="M${r2(x - radius)} ${r2(y)}A${r2(radius)} ${r2(radius * 0.78)} 0 0 1 ${r2(x + radius)} ${r2(y)}" fill="none" stroke="${rim}" stroke-opacity="0.45" stroke-width="1.2"/>` +
    `<ellipse cx="${r2(x - radius * 0.35)}" cy="${r2(y - radius * 0.45)}" rx="${r2(radius * 0.3)}" ry="${r2(radius * 0.14)}" fill="#FFFFFF" fill-opacity="0.95"/>`
  )
}

function droplets(cx: number, cy: number, scale: number, color: string, random: () => number): string {
  const sizes = [34, 22, 15, 9]
  let x = cx - 90 * scale
  return sizes
    .map((size, index) => {
      const radius = size * scale
      const dropX = x + radius
      x += radius * 2 + (14 + random() * 16) * scale
      const dropY = cy + (index % 2 === 0 ? 0 : -10 * scale) + random() * 8 * scale
      return drop(dropX, dropY, radius, color)
    })
    .join('')
}

/** A fine spray: a soft cloud of water beads, and a few drops fallen on the table. */
function mist(cx: number, cy: number, scale: number, color: string, random: () => number): string {
  const cloudX = cx + 10 * scale
  const cloudY = cy - 120 * scale
  const rim = mix(color, '#0B1320', 0.3)
  let beads = ''
  for (let i = 0; i < 46; i++) {
    // The sum of two uniforms concentrates the beads in the middle of the cloud.
    const x = cloudX + (random() + random() - 1) * 140 * scale
    const y = cloudY + (random() + random() - 1) * 80 * scale
    const radius = (1.6 + random() ** 2 * 6) * scale
    beads +=
      `<circle cx="${r2(x)}" cy="${r2(y)}" r="${r2(radius)}" fill="${color}" fill-opacity="0.35" stroke="${rim}" stroke-opacity="0.45" stroke-width="0.8"/>` +
      `<circle cx="${r2(x - radius * 0.35)}" cy="${r2(y - radius * 0.35)}" r="${r2(radius * 0.3)}" fill="#FFFFFF" fill-opacity="0.95"/>`
  }
  return (
    `<radialGradient id="mist"><stop offset="0" stop-color="${color}" stop-opacity="0.4"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>` +
    `<ellipse cx="${r2(cloudX)}" cy="${r2(cloudY)}" rx="${r2(160 * scale)}" ry="${r2(95 * scale)}" fill="url(#mist)"/>` +
    beads +
    droplets(cx, cy, scale * 0.6, color, random)
  )
}

function drawSwatch(kind: Swatch, cx: number, cy: number, scale: number, color: string, random: () => number): string {
  switch (kind) {
    case 'cream':
      return creamSmear(cx, cy, scale, color, random)
    case 'gel':
      return gelBlob(cx, cy, scale, color, random)
    case 'drops':
      return droplets(cx, cy, scale, color, random)
    case 'mist':
      return mist(cx, cy, scale, color, random)
  }
}

// ── Product pictures ─────────────────────────────────────────────────────────────────────

type ImageInput = Pick<SeedProduct, 'name' | 'brand' | 'image' | 'characteristics'>

const LABEL_STOPWORDS = new Set(['de', 'del', 'con', 'para', 'a', 'y', 'en', 'la', 'el', 'sin', '&', 'e'])

/** Short product line for the label: the name without brand, size and FPS, 3 or 4 meaningful words. */
function labelLine(name: string, brand: string): string {
  let text = name.trim()
  if (text.toLowerCase().startsWith(`${brand.toLowerCase()} `)) text = text.slice(brand.length + 1)
  text = text
    .replace(/\s+\d+([.,]\d+)?\s?(ml|g|unidades)$/i, '')
    .replace(/\bFPS\s*\d+\+?/gi, '')
    .replace(/\s+/g, ' ')
    .trim()
  const words = text.split(' ')
  const chosen: string[] = []
  let meaningful = 0
  for (const word of words) {
    if (meaningful >= 3) break
    chosen.push(word)
    if (!LABEL_STOPWORDS.has(word.toLowerCase())) meaningful++
  }
  while (chosen.length > 1 && LABEL_STOPWORDS.has((chosen[chosen.length - 1] ?? '').toLowerCase())) chosen.pop()
  // A fourth word when the line stays short ("Hydro Boost Water Gel").
  const next = words[chosen.length]
  const withNext = next ? `${chosen.join(' ')} ${next}` : ''
  if (next && !LABEL_STOPWORDS.has(next.toLowerCase()) && withNext.length <= 22) return withNext
  return chosen.join(' ')
}

/** Colour that tints the backdrop: the accent, or the package colour when the accent is white. */
function tintOf(product: ImageInput): string {
  return luminance(product.image.accent) > 0.8 ? product.image.color : product.image.accent
}

function productStyle(product: ImageInput, id: string): PackageStyle {
  return {
    id,
    color: product.image.color,
    accent: product.image.accent,
    text: {
      brand: product.brand,
      line: labelLine(product.name, product.brand),
      size: product.characteristics.Tamaño?.[0],
      spf: product.characteristics.FPS?.[0],
    },
  }
}

const PRODUCT_SIZE = 640

/** View 0: the package alone, centred, front on. */
function frontView(art: PackageArt, tint: string): string {
  const floorY = 552
  const scale = fitScale(art, 380, 440)
  return (
    studioBackground(PRODUCT_SIZE, PRODUCT_SIZE, floorY, tint) +
    `<ellipse cx="320" cy="300" rx="250" ry="250" fill="url(#glow)" fill-opacity="0.7"/>` +
    floorShadow(320, floorY, art.width * scale * 0.62) +
    placed(art, 320, floorY, scale)
  )
}

/** View 1: the package on a podium in front of an arch, with a swatch of its texture. */
function lifestyleView(art: PackageArt, product: ImageInput, tint: string): string {
  const random = seededRandom(hashString(product.name))
  const floorY = 580
  const podiumY = 490
  const podiumX = 420
  const archColor = mix(tint, '#FFFFFF', 0.86)
  const podiumColor = mix(tint, '#FFFFFF', 0.93)
  const scale = fitScale(art, 236, 350)
  const kind = swatchKind(product)
  const podiumSide = `M${podiumX - 150} ${podiumY}V640H${podiumX + 150}V${podiumY}Z`
  return (
    studioBackground(PRODUCT_SIZE, PRODUCT_SIZE, floorY, tint) +
    `<path d="M${podiumX - 130} ${podiumY}V210A130 130 0 0 1 ${podiumX + 130} 210V${podiumY}Z" fill="${archColor}"/>` +
    `<path d="${podiumSide}" fill="${podiumColor}"/><path d="${podiumSide}" fill="url(#cyl)" fill-opacity="0.5"/>` +
    `<ellipse cx="${podiumX}" cy="${podiumY}" rx="150" ry="24" fill="${mix(podiumColor, '#FFFFFF', 0.5)}" stroke="${mix(podiumColor, '#0B1320', 0.12)}" stroke-width="1"/>` +
    floorShadow(podiumX, podiumY, art.width * scale * 0.55) +
    placed(art, podiumX, podiumY, scale) +
    drawSwatch(kind, 146, floorY - 20, 0.95, swatchColor(product, kind), random)
  )
}

/** View 2: a slightly tilted close-up of the label, turned so that its text reads across. */
function labelView(art: PackageArt, tint: string): string {
  const { label } = art
  const turned = art.labelRotation !== undefined && Math.abs(art.labelRotation) === 90
  const across = turned ? label.h : label.w
  const down = turned ? label.w : label.h
  const zoom = Math.min((PRODUCT_SIZE * 0.8) / across, (PRODUCT_SIZE * 0.74) / down, 3.4)
  const rotation = -5 - (art.labelRotation ?? 0)
  const lx = label.x + label.w / 2
  const ly = label.y + label.h / 2
  return (
    studioBackground(PRODUCT_SIZE, PRODUCT_SIZE, PRODUCT_SIZE, tint) +
    `<ellipse cx="470" cy="180" rx="320" ry="320" fill="url(#glow)" fill-opacity="0.8"/>` +
    `<g transform="translate(320 330) rotate(${rotation}) scale(${r2(zoom * 1000) / 1000}) translate(${r2(-lx)} ${r2(-ly)})">${art.svg}</g>`
  )
}

/**
 * A 640×640 WebP illustration of a product. View 0 is the packshot, view 1 the package on a
 * podium with a swatch of its texture, view 2 a close-up of the label.
 */
export async function renderProductImage(product: ImageInput, view: 0 | 1 | 2): Promise<Buffer> {
  const art = drawPackage(product.image.shape, productStyle(product, 'p'))
  const tint = tintOf(product)
  const body = view === 0 ? frontView(art, tint) : view === 1 ? lifestyleView(art, product, tint) : labelView(art, tint)
  return toWebp(svgDocument(PRODUCT_SIZE, PRODUCT_SIZE, body))
}

// ── Banners ──────────────────────────────────────────────────────────────────────────────
// 1600×600 backgrounds without text; the left ~45 % stays calm for the HTML overlay.

const BANNER_W = 1600
const BANNER_H = 600

interface BannerPackage {
  shape: PackageShape
  color: string
  accent: string
  x: number
  floorY: number
  height: number
  rotate?: number
}

function bannerPackages(items: BannerPackage[], prefix: string): string {
  return items
    .map((item, index) => {
      const art = drawPackage(item.shape, { id: `${prefix}${index}`, color: item.color, accent: item.accent })
      const scale = item.height / art.height
      return (
        floorShadow(item.x, item.floorY, art.width * scale * 0.6) + placed(art, item.x, item.floorY, scale, item.rotate)
      )
    })
    .join('')
}

function sunBanner(): string {
  const dunes = [
    { y: 470, color: '#F6D7B4', amp: 26 },
    { y: 515, color: '#F1C99E', amp: 20 },
    { y: 560, color: '#ECBD8E', amp: 14 },
  ]
    .map(
      (dune, index) =>
        `<path d="M0 ${dune.y + 30}C400 ${dune.y + 40} 700 ${dune.y - dune.amp} ${1000 + index * 60} ${dune.y - dune.amp}S1450 ${dune.y + dune.amp} 1600 ${dune.y - 10}V600H0Z" fill="${dune.color}"/>`,
    )
    .join('')
  return (
    `<linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#FFF7EC"/><stop offset="0.5" stop-color="#FFE8CC"/><stop offset="1" stop-color="#FFC98F"/></linearGradient>` +
    `<radialGradient id="sunGlow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#FFF4D6" stop-opacity="0.95"/><stop offset="0.4" stop-color="#FFD58A" stop-opacity="0.55"/><stop offset="1" stop-color="#FFB55C" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="sunDisc" cx="0.42" cy="0.4" r="0.6"><stop offset="0" stop-color="#FFF6DA"/><stop offset="1" stop-color="#FFC25A"/></radialGradient>` +
    `<rect width="${BANNER_W}" height="${BANNER_H}" fill="url(#sky)"/>` +
    `<circle cx="1240" cy="230" r="380" fill="url(#sunGlow)"/>` +
    `<circle cx="1240" cy="230" r="118" fill="url(#sunDisc)"/>` +
    `<circle cx="1240" cy="230" r="160" fill="none" stroke="#FFFFFF" stroke-opacity="0.35" stroke-width="2"/>` +
    `<circle cx="1240" cy="230" r="210" fill="none" stroke="#FFFFFF" stroke-opacity="0.2" stroke-width="2"/>` +
    dunes +
    bannerPackages(
      [
        { shape: 'bottle', color: '#FFFFFF', accent: '#EE7D1F', x: 1110, floorY: 520, height: 270 },
        { shape: 'tube', color: '#FFFFFF', accent: '#E4572E', x: 1270, floorY: 530, height: 265 },
        { shape: 'spray', color: '#DDEEF8', accent: '#2B8FCB', x: 1430, floorY: 524, height: 250 },
      ],
      'sun',
    )
  )
}

function hydrationBanner(): string {
  const random = seededRandom(hashString('hidratación'))
  const ripples = [70, 140, 220, 310, 410, 520]
    .map(
      (radius, index) =>
        `<ellipse cx="1180" cy="470" rx="${radius * 1.5}" ry="${radius * 0.32}" fill="none" stroke="#FFFFFF" stroke-opacity="${r2(0.75 - index * 0.11)}" stroke-width="${3 - index * 0.35}"/>`,
    )
    .join('')
  let drops = ''
  for (let i = 0; i < 11; i++) {
    const x = 860 + random() * 700
    const y = 60 + random() * 300
    const size = 10 + random() * 26
    drops +=
      `<path d="M${r2(x)} ${r2(y - size * 1.6)}C${r2(x + size * 0.3)} ${r2(y - size * 0.9)} ${r2(x + size)} ${r2(y - size * 0.3)} ${r2(x + size)} ${r2(y + size * 0.2)}A${r2(size)} ${r2(size)} 0 0 1 ${r2(x - size)} ${r2(y + size * 0.2)}C${r2(x - size)} ${r2(y - size * 0.3)} ${r2(x - size * 0.3)} ${r2(y - size * 0.9)} ${r2(x)} ${r2(y - size * 1.6)}Z" fill="url(#drop)" stroke="#FFFFFF" stroke-opacity="0.7" stroke-width="1.2"/>` +
      `<ellipse cx="${r2(x - size * 0.38)}" cy="${r2(y)}" rx="${r2(size * 0.18)}" ry="${r2(size * 0.34)}" fill="#FFFFFF" fill-opacity="0.85"/>`
  }
  return (
    `<linearGradient id="water" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#F3F9FE"/><stop offset="0.55" stop-color="#DCEEFA"/><stop offset="1" stop-color="#B9DCF3"/></linearGradient>` +
    `<linearGradient id="drop" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#E6F4FD" stop-opacity="0.9"/><stop offset="1" stop-color="#7FBCE8" stop-opacity="0.75"/></linearGradient>` +
    `<linearGradient id="pool" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#CDE6F7" stop-opacity="0"/><stop offset="1" stop-color="#9ECDED" stop-opacity="0.6"/></linearGradient>` +
    `<rect width="${BANNER_W}" height="${BANNER_H}" fill="url(#water)"/>` +
    `<rect y="380" width="${BANNER_W}" height="220" fill="url(#pool)"/>` +
    ripples +
    drops +
    bannerPackages(
      [
        { shape: 'dropper', color: '#EAF1F8', accent: '#0D4C92', x: 1180, floorY: 478, height: 300 },
        { shape: 'jar', color: '#4A8FE0', accent: '#1F4FA8', x: 1385, floorY: 500, height: 150 },
      ],
      'hyd',
    )
  )
}

function stillLifeBanner(): string {
  const podium = (cx: number, topY: number, rx: number, color: string) => {
    const side = `M${cx - rx} ${topY}V600H${cx + rx}V${topY}Z`
    return (
      `<path d="${side}" fill="${color}"/><path d="${side}" fill="url(#cyl)" fill-opacity="0.45"/>` +
      `<ellipse cx="${cx}" cy="${topY}" rx="${rx}" ry="${r2(rx * 0.16)}" fill="${mix(color, '#FFFFFF', 0.45)}" stroke="${mix(color, '#0B1320', 0.1)}"/>`
    )
  }
  return (
    `<linearGradient id="blush" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#FDF4EF"/><stop offset="0.5" stop-color="#FBE7DF"/><stop offset="1" stop-color="#F6D6CB"/></linearGradient>` +
    `<rect width="${BANNER_W}" height="${BANNER_H}" fill="url(#blush)"/>` +
    `<path d="M1000 600V210A210 210 0 0 1 1420 210V600Z" fill="#F9E0D6"/>` +
    `<circle cx="1500" cy="110" r="60" fill="#F3CFC1" fill-opacity="0.7"/>` +
    `<rect y="520" width="${BANNER_W}" height="80" fill="#F2D3C7" fill-opacity="0.6"/>` +
    podium(1090, 440, 120, '#F4DCD2') +
    podium(1330, 380, 110, '#EFD0C4') +
    bannerPackages(
      [
        { shape: 'pump', color: '#FFFFFF', accent: '#1D5FAE', x: 1070, floorY: 440, height: 260 },
        { shape: 'dropper', color: '#E5C79E', accent: '#0D4C92', x: 1160, floorY: 446, height: 170 },
        { shape: 'tube', color: '#FFFFFF', accent: '#E2674F', x: 1310, floorY: 380, height: 250 },
        { shape: 'jar', color: '#FFFFFF', accent: '#C8102E', x: 1480, floorY: 548, height: 120 },
        { shape: 'bottle', color: '#FBE1E8', accent: '#E07A98', x: 880, floorY: 550, height: 200 },
      ],
      'still',
    )
  )
}

/** A leaf pointing up, `length` long, with its midrib; rotated around its stem. */
function leaf(x: number, y: number, length: number, angle: number, fill: string): string {
  const w = length * 0.26
  const d = `M0 0C${r2(w)} ${r2(-length * 0.25)} ${r2(w * 0.9)} ${r2(-length * 0.7)} 0 ${-length}C${r2(-w * 0.9)} ${r2(-length * 0.7)} ${r2(-w)} ${r2(-length * 0.25)} 0 0Z`
  return (
    `<g transform="translate(${r2(x)} ${r2(y)}) rotate(${r2(angle)})">` +
    `<path d="${d}" fill="${fill}"/><path d="${d}" fill="url(#cyl)" fill-opacity="0.35"/>` +
    `<path d="M0 0Q${r2(w * 0.12)} ${r2(-length * 0.5)} 0 ${r2(-length * 0.96)}" stroke="#FFFFFF" stroke-opacity="0.45" stroke-width="2" fill="none"/>` +
    '</g>'
  )
}

function botanicalBanner(): string {
  const random = seededRandom(hashString('botánico'))
  const greens = ['#8DB58A', '#6FA06D', '#A7C7A1', '#5E8F5F', '#94BB8E']
  let shadows = ''
  let leaves = ''
  for (let i = 0; i < 14; i++) {
    const x = 980 + random() * 620
    const y = 600 + random() * 40
    const length = 220 + random() * 220
    const angle = -50 + random() * 100
    const color = greens[i % greens.length] ?? '#8DB58A'
    shadows += leaf(x - 40, y - 10, length, angle - 8, '#6E8A6A')
    leaves += leaf(x, y, length, angle, color)
  }
  for (let i = 0; i < 5; i++) {
    const x = 1250 + random() * 350
    leaves += leaf(x, -20, 180 + random() * 120, 160 + random() * 40, greens[(i + 2) % greens.length] ?? '#6FA06D')
  }
  return (
    `<linearGradient id="sage" x1="0" y1="0" x2="1" y2="0.4"><stop offset="0" stop-color="#F6F8F2"/><stop offset="0.55" stop-color="#E8F0E2"/><stop offset="1" stop-color="#D3E3CC"/></linearGradient>` +
    `<rect width="${BANNER_W}" height="${BANNER_H}" fill="url(#sage)"/>` +
    `<circle cx="1260" cy="250" r="240" fill="#FFFFFF" fill-opacity="0.45"/>` +
    `<g fill-opacity="0.18" opacity="0.16">${shadows}</g>` +
    leaves +
    `<ellipse cx="1240" cy="548" rx="200" ry="34" fill="#C9D8C1"/>` +
    `<ellipse cx="1240" cy="540" rx="200" ry="34" fill="#E3ECDD" stroke="#B8CAB0"/>` +
    bannerPackages([{ shape: 'jar', color: '#FFFFFF', accent: '#5E8F5F', x: 1240, floorY: 540, height: 170 }], 'bot')
  )
}

const BANNERS = [sunBanner, hydrationBanner, stillLifeBanner, botanicalBanner] as const

/** A 1600×600 WebP carousel background (0 sol, 1 hidratación, 2 bodegón, 3 botánico), without text. */
export async function renderBanner(index: 0 | 1 | 2 | 3): Promise<Buffer> {
  const draw = BANNERS[index]
  return toWebp(svgDocument(BANNER_W, BANNER_H, draw()))
}
