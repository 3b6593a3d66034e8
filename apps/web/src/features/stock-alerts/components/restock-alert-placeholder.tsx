import { buttonStyles } from '@/components/ui/button-styles'
import { MailIcon } from '@/components/ui/icons'

/** "Avísame cuando llegue", the button's words, on a sold-out product. */
export const RESTOCK_BUTTON_LABEL = 'Avísame cuando llegue'

/**
 * The alert's place while its code or the session arrives (and on the server's render): the button as it will be,
 * not yet usable, so nothing moves when it comes.
 */
export function RestockAlertPlaceholder() {
  return (
    <button type="button" disabled className={`${buttonStyles.primary} w-full py-3 text-base`}>
      <MailIcon className="size-5" />
      {RESTOCK_BUTTON_LABEL}
    </button>
  )
}
