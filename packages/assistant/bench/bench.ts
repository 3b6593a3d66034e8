/**
 * `npm run bench:assistant`: the advisor's built-in replies on this machine — a first-analysis reply
 * with its routine, a comparison, and a free-text answer — on a synthetic catalogue of 2,000
 * products (deterministic), against the target of issue 14: p95 ≤ 100 ms per reply including the
 * product matching. Prints the median and p95 of each, a bare-machine reference measured in the same
 * run (a 256 × 256 matrix product in plain JavaScript) and the load average.
 */
import { loadavg } from 'node:os'
import { SKIN_MEASURES, type SkinMeasure } from '@piel/contracts'
import { machineReferenceMs } from '@piel/skin/testing/machine-reference'
import {
  answerMessage,
  type CatalogueProduct,
  composeAnalysisReply,
  composeComparisonReply,
  type Readings,
  recommendRoutine,
} from '../src/index'

const loadAtStart = loadavg()[0] ?? 0
const TYPES = [
  'Limpiador',
  'Agua micelar',
  'Sérum',
  'Tratamiento',
  'Contorno de ojos',
  'Crema hidratante',
  'Gel hidratante',
  'Crema reparadora',
  'Protector solar',
  'Loción corporal',
]
const CONCERNS = [
  'Acné',
  'Rojeces',
  'Sensibilidad',
  'Arrugas',
  'Poros dilatados',
  'Brillo',
  'Ojeras',
  'Deshidratación',
  'Manchas',
  'Protección solar',
]
const ACTIVES = [
  'Niacinamida',
  'Ácido salicílico',
  'Retinol',
  'Vitamina C',
  'Ácido hialurónico',
  'Cafeína',
  'Pantenol',
  'Ceramidas',
  'Centella asiática',
  'Urea',
  'Filtros UV',
]
const SKINS = ['Todo tipo de piel', 'Grasa', 'Seca', 'Mixta', 'Sensible', 'Normal']

let seed = 42
const random = () => {
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
}
const any = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T
const catalogue: CatalogueProduct[] = Array.from({ length: 2000 }, (_, i) => ({
  id: i + 1,
  nombre: `Producto de prueba ${i + 1}`,
  marca: `Marca ${i % 40}`,
  tipo: [any(TYPES)],
  preocupaciones: [any(CONCERNS), any(CONCERNS)],
  activos: [any(ACTIVES), any(ACTIVES)],
  tiposDePiel: [any(SKINS)],
  texturas: [any(['Gel', 'Crema', 'Fluido', 'Loción'])],
  fps: random() < 0.5 ? 50 : 30,
  existencia: random() < 0.9 ? Math.floor(random() * 50) + 1 : 0,
  vendidos: Math.floor(random() * 3000),
}))
const readings = (): Readings =>
  Object.fromEntries(
    SKIN_MEASURES.map((m) => [m, { ui_score: 30 + Math.floor(random() * 70), raw_score: 50 }]),
  ) as Record<SkinMeasure, { ui_score: number; raw_score: number }>
const MESSAGES = [
  '¿En qué orden me aplico los productos?',
  'Tengo granitos en la frente',
  '¿Cada cuánto reaplico el protector?',
  'Estoy embarazada, ¿qué puedo usar?',
  'xyz',
]

function time(label: string, runs: number, fn: (i: number) => unknown) {
  for (let i = 0; i < 20; i++) fn(i)
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    fn(i)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number
  const ok = at(0.95) <= 100
  console.log(
    `${label.padEnd(44)} mediana ${at(0.5).toFixed(2).padStart(7)} ms  p95 ${at(0.95).toFixed(2).padStart(7)} ms  (objetivo p95 ≤ 100 ms: ${ok ? 'cumple' : 'NO cumple'})`,
  )
}

/** The shop's facts as the demo store's configuration gives them. */
const SHOP = { departamentos: ['Nariño', 'Cauca', 'Putumayo'], envio: 5000 }

const reference = machineReferenceMs()
console.log(`Asistente, respuestas sin modelo de lenguaje; catálogo sintético de ${catalogue.length} productos\n`)
time('primer análisis + rutina del catálogo', 300, (i) => {
  const r = readings()
  const reply = composeAnalysisReply(r, `user-${i}`)
  recommendRoutine(catalogue, reply.enfoque, { weather: { uv: 9, temperatura: 27, humedad: 80 } })
})
time('comparación + rutina del catálogo', 300, (i) => {
  const reply = composeComparisonReply(readings(), readings(), `user-${i}`)
  recommendRoutine(catalogue, reply.enfoque.length ? reply.enfoque : ['redness'])
})
time('mensaje de texto + rutina si aplica', 300, (i) => {
  const reply = answerMessage(MESSAGES[i % MESSAGES.length] as string, `user-${i}`, SHOP)
  if (reply.productos) {
    recommendRoutine(catalogue, reply.enfoque, {
      preocupaciones: reply.preocupaciones,
      evitar: reply.evitar,
      fpsMinimo: reply.fpsMinimo,
      skinType: reply.tipoDePiel,
    })
  }
})
console.log(
  `\nReferencia de la máquina (producto de matrices 256 × 256 en JavaScript): ${reference.toFixed(1)} ms; carga media ${loadAtStart.toFixed(2)} al empezar, ${(loadavg()[0] ?? 0).toFixed(2)} al terminar`,
)
