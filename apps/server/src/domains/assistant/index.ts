export { assistantChatRoutes, assistantRoutes } from './routes'
