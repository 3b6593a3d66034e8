import type { Db } from '../../db'
import { notFound } from '../../shared/errors'
import { getActiveStore } from '../catalog'
import { storeMessages } from './tables'

export interface NewStoreMessage {
  storeId: number
  subject: string
  body: string
  personId: number | null
  senderName: string | null
  senderEmail: string | null
}

/** Stores a comment to the store (`Tienda/InsertarMensajesTienda`) for the shop to read. */
export async function saveStoreMessage(db: Db, message: NewStoreMessage): Promise<number> {
  await getActiveStore(db, message.storeId).catch(() => {
    throw notFound('La tienda no existe o no está activa.')
  })
  const [row] = await db.insert(storeMessages).values(message).returning({ id: storeMessages.id })
  if (!row) throw new Error('store message not saved')
  return row.id
}
