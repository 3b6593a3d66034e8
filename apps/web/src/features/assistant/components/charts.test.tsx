import type { MeasureChange, SkinMeasure } from '@piel/contracts'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { ComparisonChart } from './comparison-chart'
import { FaceRegions, lesionsLabel, worstRegions } from './face-regions'
import { QrCode } from './qr-code'
import { acneGradeText, ScoreChart } from './score-chart'

const puntajes: Record<SkinMeasure, number> = {
  redness: 91,
  wrinkle: 72,
  pore: 38,
  acne: 55,
  eye_bag: 80,
  texture: 88,
  firmness: 64,
}

describe('ScoreChart', () => {
  test('each of the seven measures with its Spanish name, number and level; the overall above', () => {
    const { container } = render(<ScoreChart puntajes={puntajes} general={70} />)
    const rows = screen.getAllByRole('listitem').map((row) => row.getAttribute('aria-label'))
    expect(rows).toEqual([
      'Rojez: 91 de 100, muy bien',
      'Líneas de expresión: 72 de 100, leve',
      'Poros: 38 de 100, marcada',
      'Imperfecciones: 55 de 100, moderada',
      'Ojeras y bolsas: 80 de 100, leve',
      'Textura: 88 de 100, muy bien',
      'Firmeza: 64 de 100, moderada',
    ])
    expect(container.querySelector('figcaption')?.textContent).toContain('Puntaje general 70/100')
    expect(screen.queryByTestId('skin-age')).toBeNull()
    expect(screen.queryByTestId('acne-grade')).toBeNull()
  })

  test('the skin age with what it means, and the acne grade under the acne measure only', () => {
    render(
      <ScoreChart
        puntajes={puntajes}
        general={70}
        edadPiel={27}
        gradoAcne={{ escala: 'Hayashi', grado: 'severo', lesiones: 23, nombre: 'Acné severo' }}
      />,
    )
    expect(screen.getByTestId('skin-age').textContent).toBe(
      'Edad aparente de la piel: 27 añosEs una estimación a partir de la foto, no un diagnóstico: puede cambiar con la luz o la expresión.',
    )
    const grades = screen.getAllByTestId('acne-grade')
    expect(grades).toHaveLength(1)
    expect(grades[0]?.closest('li')?.getAttribute('aria-label')).toBe(
      'Imperfecciones: 55 de 100, moderada. Acné severo (escala de Hayashi): 23 lesiones inflamatorias en la mitad más afectada del rostro',
    )
  })

  test('no skin age when the engine gave none', () => {
    render(<ScoreChart puntajes={puntajes} general={70} edadPiel={null} />)
    expect(screen.queryByTestId('skin-age')).toBeNull()
    expect(screen.queryByText(/Edad aparente/)).toBeNull()
  })

  test.each([
    [{ grado: 'sin_lesiones', lesiones: 0 } as const, 'Sin lesiones inflamatorias visibles (escala de Hayashi)'],
    [
      { grado: 'leve', lesiones: 1 } as const,
      'Acné leve (escala de Hayashi): 1 lesión inflamatoria en la mitad más afectada del rostro',
    ],
    [
      { grado: 'muy_severo', lesiones: 57 } as const,
      'Acné muy severo (escala de Hayashi): 57 lesiones inflamatorias en la mitad más afectada del rostro',
    ],
  ])('the acne grade %o reads "%s"', (grade, text) => {
    expect(acneGradeText(grade)).toBe(text)
  })
})

describe('ComparisonChart', () => {
  test('better and worse with their signed difference; noise reads "Se mantiene"', () => {
    const change = (medida: SkinMeasure, antes: number, despues: number, veredicto: MeasureChange['veredicto']) => ({
      medida,
      antes,
      despues,
      diferencia: despues - antes,
      banda: 4,
      veredicto,
    })
    const { container } = render(
      <ComparisonChart
        comparacion={[
          change('redness', 60, 75, 'mejor'),
          change('pore', 60, 50, 'peor'),
          change('acne', 60, 58, 'igual'),
        ]}
        fechaAntes="2026-11-03T15:00:00.000Z"
        fechaDespues="2026-11-24T15:00:00.000Z"
      />,
    )
    const rows = screen.getAllByRole('listitem')
    expect(within(rows[0] as HTMLElement).getByText('Mejoró +15')).toBeVisible()
    expect(within(rows[1] as HTMLElement).getByText('Empeoró −10')).toBeVisible()
    expect(within(rows[2] as HTMLElement).getByText('Se mantiene')).toBeVisible()
    expect(container.textContent).toMatch(/Primer análisis \(3 (de )?nov\.? (de )?2026\)/)
    expect(container.textContent).toMatch(/Ahora \(24 (de )?nov\.? (de )?2026\)/)
  })
})

describe('FaceRegions', () => {
  const square = (x: number): [number, number][] => [
    [x, 10],
    [x + 20, 10],
    [x + 20, 30],
    [x, 30],
  ]
  const regions = [
    { name: 'frente', polygon: square(0), values: { pore: 70, acne: 40 } },
    { name: 'nariz', polygon: square(30), values: { pore: 20, acne: 90 } },
    { name: 'mejilla_derecha', polygon: square(60), values: { pore: 30, acne: 50 } },
    { name: 'mandibula_izquierda', polygon: square(90), values: { pore: 90, acne: 30 } },
  ]

  test('outlines, for the two lowest measures, the regions where each read lowest', () => {
    // pore (38) and acne (55) are the two lowest measures.
    expect(worstRegions(regions, puntajes).map((o) => `${o.measure}:${o.region.name}`)).toEqual([
      'pore:nariz',
      'pore:mejilla_derecha',
      'acne:mandibula_izquierda',
      'acne:frente',
    ])
    const { container } = render(
      <FaceRegions imageUrl="/fotos/x" width={200} height={100} regions={regions} puntajes={puntajes} />,
    )
    const outlined = [...container.querySelectorAll('[data-region]')]
    expect(outlined.map((g) => g.getAttribute('data-region'))).toEqual([
      'nariz',
      'mejilla_derecha',
      'mandibula_izquierda',
      'frente',
    ])
    expect(container.querySelectorAll('polygon')).toHaveLength(4)
    expect(container.querySelector('polygon')?.getAttribute('points')).toBe('30,10 50,10 50,30 30,30')
    expect(container.querySelector('svg')?.getAttribute('viewBox')).toBe('0 0 200 100')
    expect(screen.getByText('Poros: nariz y mejilla derecha')).toBeVisible()
    expect(screen.getByText('Imperfecciones: mandíbula izquierda y frente')).toBeVisible()
    expect(container.querySelector('[data-dashed]')).toBeNull()
  })

  test('a region outlined for both measures is drawn once, its border in both colours, and the legend says so', () => {
    // The under-eye of issue 31: eye bags (60) and wrinkles (62) read lowest, and both read worst under the right eye.
    const underEye = { ...puntajes, eye_bag: 60, wrinkle: 62, pore: 90, acne: 90, firmness: 90 }
    const face = [
      { name: 'ojera_derecha', polygon: square(0), values: { eye_bag: 30, wrinkle: 35 } },
      { name: 'ojera_izquierda', polygon: square(30), values: { eye_bag: 40, wrinkle: 80 } },
      { name: 'patas_de_gallo_derecha', polygon: square(60), values: { wrinkle: 50 } },
    ]
    const { container } = render(
      <FaceRegions imageUrl="/fotos/x" width={200} height={100} regions={face} puntajes={underEye} />,
    )
    const outlined = [...container.querySelectorAll('[data-region]')]
    expect(outlined.map((g) => [g.getAttribute('data-region'), g.getAttribute('data-measures')])).toEqual([
      ['ojera_derecha', 'eye_bag wrinkle'],
      ['ojera_izquierda', 'eye_bag'],
      ['patas_de_gallo_derecha', 'wrinkle'],
    ])
    // One region, two strokes on the same outline: eye bags' colour whole, wrinkles' colour dashed over it.
    const [solid, dashed] = [...(outlined[0]?.querySelectorAll('polygon') ?? [])]
    expect(solid?.getAttribute('stroke')).toBe('#c2410c')
    expect(dashed?.getAttribute('stroke')).toBe('#1d4ed8')
    expect(dashed?.getAttribute('data-dashed')).toBe('wrinkle')
    expect(dashed?.getAttribute('stroke-dasharray')).toMatch(/^\d+(\.\d+)? \d+(\.\d+)?$/)
    expect(dashed?.getAttribute('points')).toBe(solid?.getAttribute('points'))
    expect(screen.getByText('Ojeras y bolsas: ojera derecha y ojera izquierda')).toBeVisible()
    expect(screen.getByText('Líneas de expresión: ojera derecha y patas de gallo derecha')).toBeVisible()
    expect(screen.getByText('Ojera derecha: borde de dos colores, tiene las dos medidas')).toBeVisible()
  })

  test('measures that read well are not outlined', () => {
    const good = Object.fromEntries(Object.keys(puntajes).map((m) => [m, 90])) as Record<SkinMeasure, number>
    expect(worstRegions(regions, { ...good, pore: 60 }).map((o) => o.measure)).toEqual(['pore', 'pore'])
    const { container } = render(
      <FaceRegions imageUrl="/fotos/x" width={200} height={100} regions={regions} puntajes={good} />,
    )
    expect(container.querySelector('polygon')).toBeNull()
    expect(screen.getByText('Ninguna zona de tu rostro necesita atención especial.')).toBeVisible()
  })

  test('rings each lesion at its centre, never smaller than 1/70 of the photo, and counts them in the legend', () => {
    const lesions = [
      { x: 20, y: 40, radio: 1 },
      { x: 150.5, y: 60, radio: 6 },
    ]
    const { container } = render(
      <FaceRegions
        imageUrl="/fotos/x"
        width={280}
        height={140}
        regions={regions}
        puntajes={puntajes}
        lesions={lesions}
      />,
    )
    const rings = [...container.querySelectorAll('[data-lesion]')].map((ring) => ring.querySelectorAll('circle'))
    expect(rings).toHaveLength(2)
    // A halo under a coloured ring, both the same circle.
    for (const circles of rings) expect(circles).toHaveLength(2)
    const [small, large] = rings.map((circles) => circles[1] as SVGCircleElement)
    expect([small?.getAttribute('cx'), small?.getAttribute('cy'), small?.getAttribute('r')]).toEqual(['20', '40', '4'])
    expect([large?.getAttribute('cx'), large?.getAttribute('r')]).toEqual(['150.5', String(6 * 1.3)])
    expect(container.querySelectorAll('polygon')).toHaveLength(4)
    expect(screen.getByText('2 lesiones inflamatorias señaladas')).toBeVisible()
    expect(lesionsLabel(1)).toBe('1 lesión inflamatoria señalada')
  })

  test('lesions on a face whose measures read well: ringed, with their count instead of "no zone needs care"', () => {
    const good = Object.fromEntries(Object.keys(puntajes).map((m) => [m, 90])) as Record<SkinMeasure, number>
    const { container } = render(
      <FaceRegions
        imageUrl="/fotos/x"
        width={200}
        height={100}
        regions={regions}
        puntajes={good}
        lesions={[{ x: 50, y: 50, radio: 3 }]}
      />,
    )
    expect(container.querySelector('polygon')).toBeNull()
    expect(container.querySelectorAll('[data-lesion]')).toHaveLength(1)
    expect(screen.getByText('1 lesión inflamatoria señalada')).toBeVisible()
    expect(screen.queryByText('Ninguna zona de tu rostro necesita atención especial.')).toBeNull()
    expect(screen.queryByText('Zonas a cuidar')).toBeNull()
  })

  test('without regions only the photo is shown', () => {
    const { container } = render(
      <FaceRegions imageUrl="/fotos/x" width={200} height={100} regions={[]} puntajes={puntajes} />,
    )
    expect(screen.getByRole('img', { name: 'Tu foto con las zonas a cuidar marcadas' })).toHaveAttribute(
      'src',
      '/fotos/x',
    )
    expect(container.querySelector('svg')).toBeNull()
  })
})

describe('QrCode', () => {
  test('an SVG of 21 + 4k modules plus the quiet zone; another address draws another code', () => {
    const { container, rerender } = render(<QrCode value="http://127.0.0.1:3000/upload?code=Ab3dEf7h" label="QR" />)
    const svg = screen.getByRole('img', { name: 'QR' })
    const modules = Number(svg.getAttribute('viewBox')?.split(' ')[2])
    expect((modules - 8 - 21) % 4).toBe(0)
    const first = container.querySelector('path')?.getAttribute('d') ?? ''
    expect(first.length).toBeGreaterThan(100)
    rerender(<QrCode value="http://127.0.0.1:3000/upload?code=Zz9yXw8v" label="QR" />)
    expect(container.querySelector('path')?.getAttribute('d')).not.toBe(first)
  })
})
