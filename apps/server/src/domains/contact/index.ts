export type { MessagePeople } from './admin'
export { type ContactAdminDeps, contactAdminRoutes } from './admin-routes'
export { contactRoutes } from './routes'
