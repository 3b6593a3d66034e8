export type { MessagePeople } from './admin'
export { type ContactAdminDeps, contactAdminRoutes } from './admin-routes'
export { contactMailPreviews } from './mail-previews'
export { contactRoutes } from './routes'
