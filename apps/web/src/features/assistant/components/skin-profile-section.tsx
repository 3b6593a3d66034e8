import { SkinProfileEditor } from './skin-profile-editor'

/**
 * "Perfil de piel" on the account page (issue 31): the answers the assistant uses, editable with the chat's own
 * form, and "Eliminar perfil". Kept for the account's e-mail, the chat's key once logged in.
 */
export function SkinProfileSection({ userKey, className = '' }: { userKey: string; className?: string }) {
  return (
    <section
      aria-labelledby="perfil-de-piel"
      className={`rounded-3xl border border-sand-200 bg-white p-5 sm:p-8 ${className}`}
    >
      <h2 id="perfil-de-piel" className="text-lg font-semibold text-ink-900">
        Perfil de piel
      </h2>
      <p className="mt-1.5 mb-5 max-w-2xl text-sm leading-relaxed text-ink-600">
        Lo que el asistente de piel tiene en cuenta para aconsejarte y armar tu rutina. Todas las preguntas son
        opcionales y puedes cambiarlas o eliminarlas cuando quieras.
      </p>
      <SkinProfileEditor userKey={userKey} />
    </section>
  )
}
