export { assistantRoutes } from './routes'
