export { createAssistantPhraser } from './phraser'
export { type AssistantOptions, assistantChatRoutes, assistantRoutes } from './routes'
export { shopFactsOf } from './shop-facts'
