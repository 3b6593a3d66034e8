import { HeartIcon } from '@/components/ui/icons'

type FavoriteButtonProps = {
  productName: string
  isFavorite: boolean
  onClick: () => void
}

/** The detail page's heart: adds or removes the product from the shopper's favourites. */
export function FavoriteButton({ productName, isFavorite, onClick }: FavoriteButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={isFavorite}
      aria-label={`${isFavorite ? 'Quitar de favoritos' : 'Agregar a favoritos'}: ${productName}`}
      className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors ${
        isFavorite
          ? 'border-clay-300 bg-clay-50 text-clay-700'
          : 'border-ink-200 bg-white text-ink-700 hover:border-clay-300 hover:text-clay-700'
      }`}
    >
      <HeartIcon className="size-5" fill={isFavorite ? 'currentColor' : 'none'} />
      {isFavorite ? 'En favoritos' : 'Agregar a favoritos'}
    </button>
  )
}
