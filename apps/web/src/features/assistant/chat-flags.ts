/**
 * What the chat keeps in this browser (spec 001 §3, browser-stored keys): the conversation, the anonymous code,
 * the products' button and the new-conversation button, the first and last analysis of each user, the weather and
 * whether the chat was opened in this session. Every read is validated: a stale or tampered value reads as absent.
 */
export const CHAT_KEYS = {
  uniqueCode: 'uniqueCodeUser',
  history: 'chatHistorial',
  lastImageUpload: 'lastImageUpload',
  showProducts: 'mostrarProductos',
  showNewConversation: 'mostrarBotonNuevaConversacion',
  lastAnalysis: (user: string) => `lastSkinAnalysis_${user}`,
  firstAnalysis: (user: string) => `firstSkinAnalysis_${user}`,
  sessionActive: 'chatSessionActive',
  weather: 'climaContexto',
  /** Piel's own: the /home tour was shown once in this browser. */
  tourSeen: 'asistenteTourVisto',
  /** Piel's own (issue 31): the shopper answered "Ahora no" to the skin profile's questions in this chat. */
  skinProfileDismissed: (user: string) => `perfilPielAhoraNo_${user}`,
} as const

/** A stored true/false value; anything else (absent, damaged, another type) reads as false. */
function read(key: string, storage: Storage = localStorage): boolean {
  try {
    return JSON.parse(storage.getItem(key) ?? 'false') === true
  } catch {
    return false
  }
}

function mark(key: string, storage: Storage = localStorage) {
  try {
    storage.setItem(key, 'true')
  } catch {
    // Private mode or a full storage: the flag is simply not remembered.
  }
}

/**
 * The chat's small flags, without zod: the bubble and the /home tour read them on every page, where the chat
 * itself (and the validation of its stored conversation, `chat-storage.ts`) is not loaded.
 */
export const chatFlags = {
  read,
  /** `chatSessionActive` lives in sessionStorage: the "return to the chat" hint shows once per session. */
  isSessionActive: () => read(CHAT_KEYS.sessionActive, sessionStorage),
  markSessionActive: () => mark(CHAT_KEYS.sessionActive, sessionStorage),
  tourSeen: () => read(CHAT_KEYS.tourSeen),
  markTourSeen: () => mark(CHAT_KEYS.tourSeen),
  /** "Ahora no" to the skin profile: the chat of this key does not offer it again (its own button still opens it). */
  skinProfileDismissed: (user: string) => read(CHAT_KEYS.skinProfileDismissed(user)),
  markSkinProfileDismissed: (user: string) => mark(CHAT_KEYS.skinProfileDismissed(user)),
  /** A conversation is stored (the chat validates its content when it opens). */
  hasConversation: () => {
    try {
      return localStorage.getItem(CHAT_KEYS.history) !== null
    } catch {
      return false
    }
  },
}
