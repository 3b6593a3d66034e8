import { UPLOAD_LINK_MINUTES } from '@piel/contracts'
import { getPerson } from '../domains/accounts'
import {
  createCodeGuard,
  createPhotoStorage,
  createUploadLinks,
  type PhotoStorage,
  type Realtime,
  startRealtime,
  type UploadLinks,
} from '../domains/uploads'
import type { Deps } from '../shared/deps'
import { getOrCreateSecret } from '../shared/secrets'
import { type ViewerResolver, viewerOfHeaders } from '../shared/viewer'
import type { Server } from './server'

export interface PhotoServices {
  storage: PhotoStorage
  realtime: Realtime
  /** Whether a viewer may use an upload code (a code that is an e-mail is that account's only). */
  mayUseCode: ReturnType<typeof createCodeGuard>
  /** Signed phone-upload links for an account's chat (its QR code). */
  uploadLinks: UploadLinks
  /** The e-mail of a person (null when the person is gone). */
  emailOf(personId: number): Promise<string | null>
}

/**
 * Face photos (sensitive data, docs/decisions/006): stored on disk (PGlite) or in the database
 * (PostgreSQL); socket.io on this server hands them to the chat (Redis between processes), and
 * joins a room only for a viewer who may use its code.
 */
export async function startPhotoServices(
  app: Server,
  { config, db, database }: Deps,
  resolveViewer: ViewerResolver,
): Promise<PhotoServices> {
  const storage = createPhotoStorage(config, database)
  const emailOf = (personId: number) =>
    getPerson(db, personId).then(
      (person) => person.email,
      () => null,
    )
  const mayUseCode = createCodeGuard(emailOf)
  const realtime = await startRealtime({
    server: app.server,
    config,
    db,
    log: app.log,
    mayJoin: async (code, headers) => mayUseCode(await viewerOfHeaders(resolveViewer, headers), code),
  })
  app.addHook('preClose', () => realtime.close())
  const uploadLinks = createUploadLinks(await getOrCreateSecret(db, 'enlace-subida'), UPLOAD_LINK_MINUTES)
  return { storage, realtime, mayUseCode, uploadLinks, emailOf }
}
