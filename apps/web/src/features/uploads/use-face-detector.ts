import { useCallback, useEffect, useState } from 'react'
import { type FaceDetector, loadFaceDetector } from './face-detector'

export type DetectorState = { status: 'loading' } | { status: 'ready'; detector: FaceDetector } | { status: 'failed' }

/** Starts loading the face models as soon as the page opens (they take a while on a slow phone network). */
export function useFaceDetector(): DetectorState & { retry: () => void } {
  const [state, setState] = useState<DetectorState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    // `attempt` makes a retry run this effect again.
    void attempt
    let active = true
    setState({ status: 'loading' })
    loadFaceDetector().then(
      (detector) => active && setState({ status: 'ready', detector }),
      (error: unknown) => {
        console.warn('face detector not available', error)
        if (active) setState({ status: 'failed' })
      },
    )
    return () => {
      active = false
    }
  }, [attempt])

  const retry = useCallback(() => setAttempt((value) => value + 1), [])
  return { ...state, retry }
}
