export { errorReportAdminRoutes } from './admin-routes'
export { errorReportRoutes } from './routes'
export { serverErrorReporter } from './server-errors'
export { fingerprintOf, recordErrorReport } from './service'
