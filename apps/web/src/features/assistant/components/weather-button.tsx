import type { Clima } from '@piel/contracts'
import { useState } from 'react'
import { SunIcon } from '@/components/ui/page-icons'
import { describeWeather, locateWeather } from '../use-assistant-identity'

/** The weather the advice uses: shown when known, otherwise a button that asks for the location (never on load). */
export function WeatherButton({ clima, onClima }: { clima: Clima; onClima: (clima: Clima) => void }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const known = describeWeather(clima)

  const locate = async () => {
    setBusy(true)
    setError(null)
    const { clima: read, error: failure } = await locateWeather()
    onClima(read)
    setError(failure)
    setBusy(false)
  }

  if (known) {
    return (
      <p className="inline-flex items-center gap-1.5 rounded-full bg-sand-100 px-3 py-1.5 text-sm text-ink-700">
        <SunIcon className="size-4 text-clay-600" />
        <span>
          <span className="sr-only">Clima donde estás: </span>
          {known}
        </span>
      </p>
    )
  }
  return (
    <div className="text-sm">
      <button
        type="button"
        onClick={() => void locate()}
        disabled={busy}
        className="inline-flex min-h-10 items-center gap-1.5 rounded-full border border-sand-300 bg-white px-3.5 font-medium text-ink-700 hover:border-brand-600"
      >
        <SunIcon className="size-4 text-clay-600" />
        {busy ? 'Consultando el clima…' : 'Adaptar al clima de mi ciudad'}
      </button>
      {error && (
        <p role="status" className="mt-1 text-ink-600">
          {error}
        </p>
      )}
    </div>
  )
}
