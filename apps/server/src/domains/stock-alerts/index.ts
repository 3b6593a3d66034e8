export { stockAlertMailPreviews } from './mail-previews'
export {
  createRestockWatcher,
  type RestockContext,
  type RestockWatcher,
  sendDueStockAlerts,
  watchRestocks,
} from './notify'
export { stockAlertAdminRoutes, stockAlertRoutes } from './routes'
export { purgeStockAlerts } from './service'
