import type { Config } from '../../config'
import { createPhraser } from './llm'
import type { Phraser } from './service'

/** The language model that phrases the advisor's replies, when `ASSISTANT_LLM_URL` is set; otherwise none. */
export function createAssistantPhraser(
  config: Config,
  log: { warn(object: object, message: string): void },
): Phraser | undefined {
  if (!config.ASSISTANT_LLM_URL) return undefined
  return createPhraser({
    url: config.ASSISTANT_LLM_URL,
    model: config.ASSISTANT_LLM_MODEL,
    timeoutMs: config.ASSISTANT_LLM_TIMEOUT_MS,
    apiKey: config.ASSISTANT_LLM_API_KEY,
    log,
  })
}
