import { QueryNotice } from '@/components/ui/query-notice'
import { SummaryBody, SummarySkeleton } from '@/features/orders/admin/components/admin-summary'
import { useAdminSummary } from '@/features/orders/admin/summary-api'
import { formatDate } from '@/lib/format'

/**
 * `/admin` (issue 17): the back office's landing screen. How the shop sold today and in the last 30 days (orders,
 * revenue of paid orders, average ticket), a chart of each day, the orders waiting in each state (each a link to
 * the list showing that state), the products running short and the best sellers.
 */
export function Component() {
  const summary = useAdminSummary()
  return (
    <div className="mt-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Resumen</h1>
      <p className="mt-1 text-sm text-ink-600">
        {summary.data ? `Hoy, ${formatDate(summary.data.dia)}. ` : ''}
        Los ingresos cuentan solo las órdenes pagadas.
      </p>
      <div aria-busy={summary.isFetching} className="mt-5">
        {summary.isPending ? (
          <SummarySkeleton />
        ) : summary.isError ? (
          <QueryNotice query={summary} title="No pudimos cargar el resumen." text={summary.error.message} />
        ) : (
          <SummaryBody data={summary.data} />
        )}
      </div>
    </div>
  )
}
