export { favoriteRoutes } from './routes'
