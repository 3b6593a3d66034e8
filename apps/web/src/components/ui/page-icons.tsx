import type { CatalogIconName } from '@piel/contracts/values'
import type { ReactNode } from 'react'
import { Icon, type IconProps } from './icons'

/*
 * The icons only pages draw (catalogue, cart, checkout, account, assistant, back office). `icons.tsx` keeps those of
 * the frame every page shows, so the first load carries only them (issue 16): a module travels whole with the first
 * page that imports it.
 */

export const SparkleIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3.5c.6 4.2 2.3 5.9 6.5 6.5-4.2.6-5.9 2.3-6.5 6.5-.6-4.2-2.3-5.9-6.5-6.5 4.2-.6 5.9-2.3 6.5-6.5z" />
    <path d="M18.5 16v4M16.5 18h4" />
  </Icon>
)

export const CheckIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Icon>
)

export const InfoIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 11v5M12 7.9v.1" />
  </Icon>
)

export const MinusIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12h14" />
  </Icon>
)

export const PlusIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
)

export const PrinterIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7 9V4h10v5" />
    <rect x="3.5" y="9" width="17" height="7.5" rx="2" />
    <path d="M7 14h10v6H7z" />
  </Icon>
)

// Catalogue icons (the `icono` values of `Tienda/ObtenerCatalogos`).

export const SunIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
  </Icon>
)

export const DropletIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3.5c3.6 4.3 6 7.8 6 10.7a6 6 0 0 1-12 0c0-2.9 2.4-6.4 6-10.7z" />
    <path d="M9.3 14.6a2.8 2.8 0 0 0 2.4 2.5" />
  </Icon>
)

export const FaceIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9.2 10.2v.6M14.8 10.2v.6" />
    <path d="M9 14.8c1.7 1.5 4.3 1.5 6 0" />
  </Icon>
)

export const EyeIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="2.8" />
  </Icon>
)

export const LeafIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 19.5C5 11.5 10 6 19.5 4.5 19.5 13.5 14 19.5 6.5 19.5z" />
    <path d="M5 19.5c3-4.3 6.2-7.3 9.5-9.5" />
  </Icon>
)

export const ShieldIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3.5 19 6.3v5.2c0 4.4-2.9 8-7 9.5-4.1-1.5-7-5.1-7-9.5V6.3z" />
    <path d="m9 12 2.2 2.2 3.8-4" />
  </Icon>
)

export const BabyIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="13" r="7" />
    <path d="M12 6c-1.1-1.2-.6-2.7 1-2.7" />
    <path d="M9.5 12.3v.4M14.5 12.3v.4" />
    <path d="M10.4 15.8c.9.6 2.3.6 3.2 0" />
  </Icon>
)

export const BodyIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="4.8" r="2" />
    <path d="M6.5 9.5 12 8.5l5.5 1" />
    <path d="M12 8.5v6.5" />
    <path d="m12 15-2.8 5.5M12 15l2.8 5.5" />
  </Icon>
)

export const FlaskIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 3.5h6M10 3.5V9l-4.7 8.6A2 2 0 0 0 7 20.5h10a2 2 0 0 0 1.7-2.9L14 9V3.5" />
    <path d="M7.4 14.5h9.2" />
  </Icon>
)

/** One drawing for each icon a catalogue may have (the contracts' `CATALOG_ICONS`): a new one fails the type check until drawn. */

const catalogIcons: Record<CatalogIconName, (p: IconProps) => ReactNode> = {
  sun: SunIcon,
  droplet: DropletIcon,
  sparkles: SparkleIcon,
  face: FaceIcon,
  eye: EyeIcon,
  leaf: LeafIcon,
  shield: ShieldIcon,
  baby: BabyIcon,
  body: BodyIcon,
  flask: FlaskIcon,
}

/** The icon of a catalogue tile by its `icono` name; an unknown name gets the sparkle. */

export function CatalogIcon({ name, ...props }: IconProps & { name: string }) {
  const Drawn = catalogIcons[name as CatalogIconName] ?? SparkleIcon
  return <Drawn {...props} />
}

// Account, address and favourite icons.

export const EyeOffIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10.6 5.6A9 9 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a16 16 0 0 1-2.6 3.4M6.6 6.6C4 8.3 2.5 12 2.5 12S6 18.5 12 18.5a9 9 0 0 0 4.6-1.2" />
    <path d="M9.9 9.9a2.8 2.8 0 0 0 4 4" />
    <path d="m3.5 3.5 17 17" />
  </Icon>
)

export const TrashIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 12.5h9l1-12.5" />
    <path d="M10 11v5M14 11v5" />
  </Icon>
)

export const LockIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8.5 10.5V7.5a3.5 3.5 0 0 1 7 0v3" />
  </Icon>
)

export const CrosshairIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="6.5" />
    <circle cx="12" cy="12" r="1.8" />
    <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3" />
  </Icon>
)

export const ArrowLeftIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M19 12H5M11 6l-6 6 6 6" />
  </Icon>
)

export const PencilIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4.5 19.5 5.5 15 16 4.5a2.1 2.1 0 0 1 3 3L8.5 18z" />
    <path d="m14 6.5 3 3" />
  </Icon>
)

/** Google's "G" in its four colours (brand guidelines ask for the coloured mark on sign-in buttons). */

export const GoogleIcon = (p: IconProps) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...p}>
    <path fill="#4285F4" d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3z" />
    <path
      fill="#34A853"
      d="M12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22z"
    />
    <path fill="#FBBC05" d="M6.4 14c-.2-.6-.3-1.3-.3-2s.1-1.4.3-2V7.4H3.1a10 10 0 0 0 0 9.2z" />
    <path fill="#EA4335" d="M12 5.9c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.4L6.4 10c.8-2.4 3-4.1 5.6-4.1z" />
  </svg>
)

export const TagIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3.5 12.2V4.5a1 1 0 0 1 1-1h7.7l8.3 8.3a1.4 1.4 0 0 1 0 2l-6.7 6.7a1.4 1.4 0 0 1-2 0z" />
    <circle cx="8.2" cy="8.2" r="1.4" />
  </Icon>
)

export const CameraIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4.5 8h3l1.5-2.5h6L16.5 8h3a1.5 1.5 0 0 1 1.5 1.5v8.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18V9.5A1.5 1.5 0 0 1 4.5 8z" />
    <circle cx="12" cy="13.3" r="3.4" />
  </Icon>
)

export const ImageIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
    <circle cx="9" cy="9.5" r="1.7" />
    <path d="m20.5 15.5-4.5-4.5-9.5 8.5" />
  </Icon>
)

// Payment methods and states (the payment page and its confirmation).

export const CardIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="5.5" width="18" height="13" rx="2" />
    <path d="M3 10h18M7 15h3" />
  </Icon>
)

export const BankIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3.5 9.5 12 4.5l8.5 5z" />
    <path d="M5.5 10v7M10 10v7M14 10v7M18.5 10v7M3.5 19.5h17" />
  </Icon>
)

export const CashIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="2.5" y="6.5" width="19" height="11" rx="2" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M6 9.5v.1M18 14.4v.1" />
  </Icon>
)

export const SmartphoneIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
    <path d="M11 18.5h2" />
  </Icon>
)

export const CopyIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="8.5" y="8.5" width="11" height="11" rx="2" />
    <path d="M15.5 8.5V6a1.5 1.5 0 0 0-1.5-1.5H6A1.5 1.5 0 0 0 4.5 6v8A1.5 1.5 0 0 0 6 15.5h2.5" />
  </Icon>
)

export const AlertIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5v5.5M12 16.1v.1" />
  </Icon>
)

export const RefreshIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3" />
    <path d="M19.5 4.5v4h-4" />
  </Icon>
)

export const SendIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 12 20 4l-4 16-4.5-6.5Z" />
    <path d="M11.5 13.5 20 4" />
  </Icon>
)

export const ShareIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="18" cy="5.5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="18.5" r="2.5" />
    <path d="m8.2 10.8 7.6-4.1M8.2 13.2l7.6 4.1" />
  </Icon>
)
