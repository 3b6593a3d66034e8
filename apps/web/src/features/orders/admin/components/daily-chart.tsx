import { useEffect, useRef, useState } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { formatDayMonth } from '@/lib/format'

type DailyChartProps = {
  /** What is counted, for the table read aloud ("Órdenes", "Ingresos"). */
  label: string
  /** The days (AAAA-MM-DD), the oldest first, and each day's value. */
  days: readonly string[]
  values: readonly number[]
  /** A value in full, for the hovered day and the table ("3 órdenes", "$ 45.900"). */
  formatValue: (value: number) => string
  /** A value on the vertical axis, short ("$ 1,2 M"). */
  formatAxis: (value: number) => string
  /** Money (its axis steps by thousands of pesos) or a count (whole steps). */
  money?: boolean
  color: string
}

const HEIGHT = 220
/** Steps between the vertical axis's lines: whole numbers only (half an order means nothing). */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 2e6, 5e6]
const MONEY_STEPS = WHOLE_STEPS.flatMap((step) => [step * 1e3, step * 2.5e3])

/**
 * One value a day as a bar chart (uPlot on a canvas, issue 17), the days under it as "24 nov",
 * the hovered (or touched) day's value written above it. The canvas says nothing to a screen reader: the same
 * figures are in a table it reads instead. Redrawn to its box's width when that changes (a phone turned round).
 */
export function DailyChart({ label, days, values, formatValue, formatAxis, money = false, color }: DailyChartProps) {
  const box = useRef<HTMLDivElement>(null)
  const [hovered, setHovered] = useState<number | null>(null)

  useEffect(() => {
    const element = box.current
    if (!element) return
    const font = `12px ${getComputedStyle(element).fontFamily}`
    const axis = { font, stroke: '#5f5550', ticks: { show: false }, grid: { stroke: '#e9d9ca', width: 1 } }
    const options: uPlot.Options = {
      width: element.clientWidth,
      height: HEIGHT,
      legend: { show: false },
      cursor: {
        y: false,
        drag: { x: false, y: false, setScale: false },
        points: { size: 8, fill: color },
      },
      scales: {
        x: { time: false, range: () => [-0.5, days.length - 0.5] },
        y: { range: (_plot, _min, max) => [0, max > 0 ? max * 1.15 : money ? 100_000 : 5] },
      },
      axes: [
        {
          ...axis,
          grid: { show: false },
          size: 30,
          gap: 8,
          space: 52,
          incrs: [1, 2, 3, 5, 7, 10, 15],
          // Counted back from the last day, so that today always has its label.
          splits: (_plot, _axis, _min, _max, step) =>
            Array.from(
              { length: Math.floor((days.length - 1) / step) + 1 },
              (_, n) => days.length - 1 - n * step,
            ).reverse(),
          values: (_plot, splits) =>
            splits.map((split) => (Number.isInteger(split) && days[split] ? formatDayMonth(days[split]) : '')),
        },
        {
          ...axis,
          space: 36,
          incrs: money ? MONEY_STEPS : WHOLE_STEPS,
          size: (_plot, texts) => Math.max(28, ...(texts ?? []).map((text) => text.length * 7 + 14)),
          values: (_plot, splits) => splits.map(formatAxis),
        },
      ],
      series: [
        {},
        {
          label,
          stroke: color,
          width: 0,
          fill: color,
          points: { show: false },
          paths: uPlot.paths.bars?.({ size: [0.7, 28], gap: 1 }),
        },
      ],
      hooks: {
        setCursor: [(plot) => setHovered(plot.cursor.idx ?? null)],
      },
    }
    const plot = new uPlot(options, [days.map((_, index) => index), [...values]], element)
    const resize = new ResizeObserver(() => {
      if (element.clientWidth > 0 && element.clientWidth !== plot.width) {
        plot.setSize({ width: element.clientWidth, height: HEIGHT })
      }
    })
    resize.observe(element)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [days, values, label, money, color, formatAxis])

  const shown = hovered ?? days.length - 1
  return (
    <div>
      <p aria-hidden="true" className="h-6 text-sm text-ink-700">
        {days[shown] && (
          <>
            <span className="font-semibold text-ink-900">{formatDayMonth(days[shown])}</span>
            {hovered === null && ' (hoy)'}: {formatValue(values[shown] ?? 0)}
          </>
        )}
      </p>
      <div ref={box} aria-hidden="true" className="w-full min-w-0" />
      <table className="sr-only">
        <caption>
          {label} por día, los últimos {days.length} días
        </caption>
        <thead>
          <tr>
            <th scope="col">Día</th>
            <th scope="col">{label}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day, index) => (
            <tr key={day}>
              <th scope="row">{formatDayMonth(day)}</th>
              <td>{formatValue(values[index] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
