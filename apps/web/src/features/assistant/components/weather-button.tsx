import type { Clima } from '@piel/contracts'
import { useState } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { RefreshIcon, SunIcon, TrashIcon } from '@/components/ui/page-icons'
import { describeWeather, locateWeather } from '../use-assistant-identity'

export const WEATHER_TEXTS = {
  updated: 'Actualizamos el clima de tu ciudad.',
  notUpdated: 'No pudimos actualizar el clima; seguimos con el que tenías.',
  cleared: 'Quitamos el clima: los consejos ya no lo tienen en cuenta.',
} as const

type WeatherButtonProps = {
  clima: Clima
  onClima: (clima: Clima) => void
  /** "Quitar": the weather is forgotten in this browser (absent where it cannot be removed, the page's frame). */
  onClear?: () => void
}

/**
 * The weather the advice uses. Unknown: a button that asks for the location (never on load). Known: what it is,
 * with "Actualizar" (read again where the shopper is now; a failed reading keeps the one there was) and "Quitar".
 */
export function WeatherButton({ clima, onClima, onClear }: WeatherButtonProps) {
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  const known = describeWeather(clima)

  const locate = async () => {
    setBusy(true)
    setNotice(null)
    const { clima: read, error: failure } = await locateWeather()
    onClima(read)
    setNotice(failure)
    setBusy(false)
  }

  const refresh = async () => {
    setBusy(true)
    setNotice(null)
    const { clima: read, error: failure } = await locateWeather()
    if (describeWeather(read)) {
      onClima(read)
      setNotice(WEATHER_TEXTS.updated)
    } else {
      setNotice(failure ? `${failure}. ${WEATHER_TEXTS.notUpdated}` : WEATHER_TEXTS.notUpdated)
    }
    setBusy(false)
  }

  const clear = () => {
    onClear?.()
    setNotice(WEATHER_TEXTS.cleared)
  }

  return (
    <div className="max-w-full text-sm">
      {known ? (
        <div className="flex flex-wrap items-center gap-1.5">
          <p className="inline-flex min-h-10 items-center gap-1.5 rounded-full bg-sand-100 px-3 text-ink-700">
            <SunIcon className="size-4 text-clay-600" />
            <span>
              <span className="sr-only">Clima donde estás: </span>
              {known}
            </span>
          </p>
          <button
            type="button"
            onClick={() => void refresh()}
            disabled={busy}
            aria-label={busy ? undefined : 'Actualizar el clima'}
            className={`${buttonStyles.ghost} min-h-10 px-2.5 text-brand-800`}
          >
            <RefreshIcon className={`size-4 ${busy ? 'motion-safe:animate-spin' : ''}`} />
            {busy ? 'Consultando el clima…' : 'Actualizar'}
          </button>
          {onClear && !busy && (
            <button
              type="button"
              onClick={clear}
              aria-label="Quitar el clima"
              className={`${buttonStyles.ghost} min-h-10 px-2.5 text-clay-600`}
            >
              <TrashIcon className="size-4" />
              Quitar
            </button>
          )}
        </div>
      ) : (
        <button
          type="button"
          onClick={() => void locate()}
          disabled={busy}
          className="inline-flex min-h-10 items-center gap-1.5 rounded-full border border-sand-300 bg-white px-3.5 font-medium text-ink-700 hover:border-brand-600"
        >
          <SunIcon className="size-4 text-clay-600" />
          {busy ? 'Consultando el clima…' : 'Adaptar al clima de mi ciudad'}
        </button>
      )}
      <p role="status" className="mt-1 text-ink-600 empty:hidden">
        {notice}
      </p>
    </div>
  )
}
