import type { AnalysisVisual } from '../chat-storage'
import { ComparisonChart } from './comparison-chart'
import { FaceRegions } from './face-regions'
import { ScoreChart } from './score-chart'

/**
 * The result as a picture (issue 14): the seven scores as a chart (with the skin age and the acne grade when the
 * analysis has them, issue 30), the photo with the regions that scored worst outlined and the acne lesions ringed,
 * and after a comparison a before/after chart per measure.
 */
export function AnalysisCard({ analysis }: { analysis: AnalysisVisual }) {
  const { analisis, primerAnalisis, comparacion, photo, edadPiel, gradoAcne } = analysis
  return (
    <div className="mt-3 grid gap-3" data-testid="analysis-card">
      <ScoreChart puntajes={analisis.puntajes} general={analisis.general} edadPiel={edadPiel} gradoAcne={gradoAcne} />
      {photo && photo.width > 0 && (
        <FaceRegions
          imageUrl={photo.url}
          width={photo.width}
          height={photo.height}
          regions={photo.regions}
          puntajes={analisis.puntajes}
          lesions={photo.lesiones}
        />
      )}
      {primerAnalisis && comparacion.length > 0 && (
        <ComparisonChart comparacion={comparacion} fechaAntes={primerAnalisis.fecha} fechaDespues={analisis.fecha} />
      )}
    </div>
  )
}
