import type { StoreMessageResult } from '@piel/contracts'
import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** Spec 000 §8: the texts of a comment to the store. */
export const CONTACT_SUCCESS = 'Su comentario ha sido enviado con éxito y pronto atenderan su petición.'
export const CONTACT_FAILURE = 'No ha sido posible enviar su comentario. Por favor inténtelo más tarde.'

/** The body of `POST Tienda/InsertarMensajesTienda`; the person, if logged in, comes from the session. */
export type StoreMessage = {
  Asunto: string
  Observacion: string
  IdTienda: number
  Nombre?: string
  Correo?: string
}

export const contactMutations = {
  sendMessage: () => ({
    mutationKey: ['contact', 'send-message'],
    mutationFn: async (message: StoreMessage) => {
      const result = await api.post<StoreMessageResult>('/Tienda/InsertarMensajesTienda', {
        body: message,
      })
      if (!result.exito) throw new Error(result.mensaje || CONTACT_FAILURE)
      return result
    },
  }),
}

export const useSendStoreMessage = () => useMutation(contactMutations.sendMessage())
