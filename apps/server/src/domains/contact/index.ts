export { contactRoutes } from './routes'
