/** A product's stock as the back office flags it: out of stock, low (below its threshold) or plenty. */
export function StockBadge({ stock, threshold }: { stock: number; threshold: number }) {
  const units = `${stock.toLocaleString('es-CO')} ${stock === 1 ? 'unidad' : 'unidades'}`
  if (stock === 0) {
    return <span className="rounded-full bg-clay-100 px-2 py-0.5 text-xs font-semibold text-clay-600">Agotado</span>
  }
  if (stock < threshold) {
    return (
      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
        {units} · existencia baja
      </span>
    )
  }
  return <span className="text-sm text-ink-700">{units}</span>
}
