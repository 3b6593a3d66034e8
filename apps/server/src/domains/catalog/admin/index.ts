export { catalogAdminRoutes } from './routes'
