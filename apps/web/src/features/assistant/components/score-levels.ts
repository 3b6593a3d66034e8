import { SKIN_LEVELS } from '@piel/contracts/values'

/** How a ui_score reads (`SKIN_LEVELS`): the word always shown beside the colour, which is never the only signal. */
export function scoreLevel(score: number): { word: string; bar: string; chip: string } {
  if (score >= SKIN_LEVELS.bien) return { word: 'Muy bien', bar: 'bg-brand-500', chip: 'bg-brand-50 text-brand-800' }
  if (score >= SKIN_LEVELS.leve) return { word: 'Leve', bar: 'bg-brand-300', chip: 'bg-brand-50 text-brand-800' }
  if (score >= SKIN_LEVELS.moderada)
    return { word: 'Moderada', bar: 'bg-amber-400', chip: 'bg-amber-50 text-amber-900' }
  return { word: 'Marcada', bar: 'bg-clay-500', chip: 'bg-clay-100 text-ink-900' }
}
