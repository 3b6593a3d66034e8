export { weatherRoutes } from './routes'
