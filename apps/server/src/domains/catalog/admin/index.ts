export type { OrderMovement, OrderMovementsOf } from './inventory'
export { catalogAdminRoutes } from './routes'
