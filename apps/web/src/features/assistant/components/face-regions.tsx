import type { SkinLesion, SkinMeasure } from '@piel/contracts'
import { SKIN_LEVELS, SKIN_MEASURE_NAMES, SKIN_MEASURES } from '@piel/contracts/values'

type Region = { name: string; polygon: [number, number][]; values: Partial<Record<SkinMeasure, number>> }

type FaceRegionsProps = {
  imageUrl: string
  width: number
  height: number
  regions: Region[]
  puntajes: Record<SkinMeasure, number>
  /** The inflammatory acne lesions the engine counted (absent in a chat kept before it counted them). */
  lesions?: SkinLesion[]
  className?: string
}

/** The lesions' ring: a colour the regions do not use, over a white halo so it shows on any skin tone. */
const LESION_COLOUR = '#c026d3'
/**
 * A ring's least radius, as a share of the photo's longer side: the photo is shown at most 320 px high (`max-h-80`),
 * where a lesion of a few photo pixels would be a dot; 1/70 keeps a ring of about 9 CSS px across there.
 */
const LESION_MIN_RADIUS = 1 / 70

/** "3 lesiones inflamatorias señaladas", "1 lesión inflamatoria señalada". */
export function lesionsLabel(count: number): string {
  return count === 1 ? '1 lesión inflamatoria señalada' : `${count} lesiones inflamatorias señaladas`
}

/** The measures outlined: the two that read worst. Each with its colour (stroke on the photo, swatch in the legend). */
const COLOURS = [
  { stroke: '#c2410c', swatch: 'bg-orange-700' },
  { stroke: '#1d4ed8', swatch: 'bg-blue-700' },
] as const
/**
 * The outline's width and, for a region outlined for both measures, the second colour's dashes, in CSS pixels
 * whatever the photo's size (`non-scaling-stroke`): the photo is shown at most 320 px high, where a stroke sized in
 * the photo's own pixels was about 1 px and its dashes too short to tell apart.
 */
const OUTLINE_WIDTH = 2
const OUTLINE_DASHES = '5 4'
/** Regions outlined per measure: the ones whose reading is lowest. */
const REGIONS_PER_MEASURE = 2

const REGION_NAMES: Record<string, string> = {
  frente: 'Frente',
  entrecejo: 'Entrecejo',
  nariz: 'Nariz',
  menton: 'Mentón',
}

/** `mejilla_derecha` → "Mejilla derecha", with the accents the region names leave out. */
export function regionName(name: string): string {
  const known = REGION_NAMES[name]
  if (known) return known
  const words = name.replaceAll('_', ' ').replace('mandibula', 'mandíbula')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

type Colour = (typeof COLOURS)[number]

export interface Outline {
  measure: SkinMeasure
  region: Region
  colour: Colour
}

/** A region drawn once, with every measure it was outlined for (one, or both: the under-eye often reads both). */
export interface RegionOutline {
  region: Region
  measures: { measure: SkinMeasure; colour: Colour }[]
}

/**
 * For the two measures with the lowest scores, the regions where the engine read them lowest (higher is healthier).
 * A measure that reads well (`SKIN_LEVELS.bien`) is not outlined: nothing there needs care.
 */
export function worstRegions(regions: Region[], puntajes: Record<SkinMeasure, number>): Outline[] {
  const measures = [...SKIN_MEASURES]
    .filter((m) => puntajes[m] < SKIN_LEVELS.bien)
    .sort((a, b) => puntajes[a] - puntajes[b])
    .slice(0, COLOURS.length)
  return measures.flatMap((measure, index) =>
    regions
      .filter((region) => region.values[measure] !== undefined && region.polygon.length >= 3)
      .sort((a, b) => (a.values[measure] as number) - (b.values[measure] as number))
      .slice(0, REGIONS_PER_MEASURE)
      .map((region) => ({ measure, region, colour: COLOURS[index] as Colour })),
  )
}

/**
 * The outlines by region: a region outlined for both measures is one outline carrying both, so neither hides the
 * other (issue 31: the right under-eye read worst for eye bags and for wrinkles, and the second stroke covered the
 * first).
 */
export function outlinesByRegion(outlines: Outline[]): RegionOutline[] {
  const byName = new Map<string, RegionOutline>()
  for (const { measure, region, colour } of outlines) {
    const known = byName.get(region.name)
    if (known) known.measures.push({ measure, colour })
    else byName.set(region.name, { region, measures: [{ measure, colour }] })
  }
  return [...byName.values()]
}

/** The legend's lines: each measure with its regions, in its colour ("Poros: nariz y mejilla derecha"). */
export function legendOf(outlines: Outline[]): { measure: SkinMeasure; colour: Colour; text: string }[] {
  const measures = [...new Set(outlines.map((o) => o.measure))]
  return measures.map((measure) => {
    const mine = outlines.filter((o) => o.measure === measure)
    const names = mine.map((o) => regionName(o.region.name).toLowerCase())
    const places = names.length > 1 ? `${names.slice(0, -1).join(', ')} y ${names.at(-1)}` : (names[0] ?? '')
    return { measure, colour: (mine[0] as Outline).colour, text: `${SKIN_MEASURE_NAMES[measure]}: ${places}` }
  })
}

/**
 * The face photo with the regions that scored worst outlined (issue 14) and each inflammatory acne lesion ringed
 * (issue 30): polygons and lesions are in the photo's pixels, so the overlay's viewBox is the photo's size and it
 * stays aligned at any width. A legend names each region and counts the lesions.
 */
export function FaceRegions({
  imageUrl,
  width,
  height,
  regions,
  puntajes,
  lesions = [],
  className = '',
}: FaceRegionsProps) {
  const outlines = worstRegions(regions, puntajes)
  const drawn = outlinesByRegion(outlines)
  const shared = drawn.filter((outline) => outline.measures.length > 1)
  const minRadius = Math.max(width, height) * LESION_MIN_RADIUS
  return (
    <figure className={`rounded-2xl bg-cream p-3 ring-1 ring-sand-200 sm:p-4 ${className}`}>
      <div className="relative mx-auto w-fit">
        <img
          src={imageUrl}
          alt="Tu foto con las zonas a cuidar marcadas"
          width={width}
          height={height}
          className="block h-auto max-h-80 w-auto max-w-full rounded-xl"
        />
        {(outlines.length > 0 || lesions.length > 0) && (
          <svg
            viewBox={`0 0 ${width} ${height}`}
            preserveAspectRatio="none"
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 size-full"
          >
            {drawn.map(({ region, measures }) => {
              const points = region.polygon.map(([x, y]) => `${x},${y}`).join(' ')
              const [first, ...others] = measures
              return (
                <g key={region.name} data-region={region.name} data-measures={measures.map((m) => m.measure).join(' ')}>
                  <polygon
                    points={points}
                    fill={first?.colour.stroke}
                    fillOpacity={0.12}
                    stroke={first?.colour.stroke}
                    strokeWidth={OUTLINE_WIDTH}
                    strokeLinejoin="round"
                    vectorEffect="non-scaling-stroke"
                  />
                  {/* The other measure's colour in dashes over the first: the border alternates both colours. */}
                  {others.map(({ measure, colour }) => (
                    <polygon
                      key={measure}
                      data-dashed={measure}
                      points={points}
                      fill="none"
                      stroke={colour.stroke}
                      strokeWidth={OUTLINE_WIDTH}
                      strokeDasharray={OUTLINE_DASHES}
                      strokeLinejoin="round"
                      vectorEffect="non-scaling-stroke"
                    />
                  ))}
                </g>
              )
            })}
            {lesions.map((lesion, index) => {
              const r = Math.max(lesion.radio * 1.3, minRadius)
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: lesions have no id; the list never reorders
                <g key={index} data-lesion={index}>
                  <circle
                    cx={lesion.x}
                    cy={lesion.y}
                    r={r}
                    fill="none"
                    stroke="#ffffff"
                    strokeOpacity={0.9}
                    strokeWidth={3.5}
                    vectorEffect="non-scaling-stroke"
                  />
                  <circle
                    cx={lesion.x}
                    cy={lesion.y}
                    r={r}
                    fill="none"
                    stroke={LESION_COLOUR}
                    strokeWidth={1.75}
                    vectorEffect="non-scaling-stroke"
                  />
                </g>
              )
            })}
          </svg>
        )}
      </div>
      {outlines.length === 0 && lesions.length === 0 && (
        <figcaption className="mt-2 text-xs text-ink-700">
          Ninguna zona de tu rostro necesita atención especial.
        </figcaption>
      )}
      {(outlines.length > 0 || lesions.length > 0) && (
        <figcaption className="mt-2 space-y-1 text-xs text-ink-700">
          {outlines.length > 0 && <p className="font-semibold text-ink-900">Zonas a cuidar</p>}
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {legendOf(outlines).map(({ measure, colour, text }) => (
              <li key={measure} className="inline-flex items-center gap-1.5">
                <span className={`size-2.5 shrink-0 rounded-full ${colour.swatch}`} aria-hidden="true" />
                {text}
              </li>
            ))}
            {shared.map(({ region, measures }) => (
              <li key={`ambas-${region.name}`} className="inline-flex items-center gap-1.5">
                <SharedSwatch colours={measures.map((m) => m.colour.stroke)} />
                {regionName(region.name)}: borde de dos colores, tiene las dos medidas
              </li>
            ))}
            {lesions.length > 0 && (
              <li className="inline-flex items-center gap-1.5">
                <span className="size-2.5 rounded-full border-2 border-fuchsia-600 bg-white" aria-hidden="true" />
                {lesionsLabel(lesions.length)}
              </li>
            )}
          </ul>
        </figcaption>
      )}
    </figure>
  )
}

/** The legend's sample of a border in both colours: a short dashed line as the photo draws it. */
function SharedSwatch({ colours }: { colours: string[] }) {
  const [first, second] = colours
  return (
    <svg viewBox="0 0 16 6" className="h-1.5 w-4 shrink-0" aria-hidden="true">
      <line x1="0" y1="3" x2="16" y2="3" stroke={first} strokeWidth="4" />
      <line x1="0" y1="3" x2="16" y2="3" stroke={second} strokeWidth="4" strokeDasharray="4 4" />
    </svg>
  )
}
