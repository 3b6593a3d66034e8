import {
  ADDRESS_MESSAGES,
  AddressIdQuerySchema,
  AddressListQuerySchema,
  AddressSaveResultSchema,
  AddressSaveSchema,
  AddressSchema,
  DOCUMENT_TYPES,
  DocumentTypeSchema,
  ResultSchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { guardedErrors, loggedIn, requireSamePerson, requireViewer } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { addAddress, deleteAddress, listAddresses } from './service'
import { fromWireAddress, toWireAddress } from './wire'

/** The document types of the account and address forms; public. (The places they offer are shipping's: `shippingRoutes`.) */
export const documentTypeRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  app.get(
    '/Domain/ObtenerTiposDocCuenta',
    {
      schema: {
        tags: ['Direcciones'],
        summary: 'Tipos de documento de identidad de la cuenta y de quien recibe (valor, descripcion)',
        response: { 200: z.array(DocumentTypeSchema) },
      },
    },
    async () => DOCUMENT_TYPES.map((type) => ({ valor: type.valor, descripcion: type.descripcion })),
  )
}

/** The logged-in person's delivery addresses (spec 000 §7 "Addresses and places"). */
export const addressRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  app.post(
    '/DireccionPersona/AgregarDireccionPersona',
    {
      onRequest: loggedIn,
      schema: {
        tags: ['Direcciones'],
        summary:
          'Agrega una dirección de la persona de la sesión (máximo 20); la primera, o la marcada esPrincipal, queda como única principal',
        body: AddressSaveSchema,
        response: { 200: AddressSaveResultSchema, ...guardedErrors },
      },
    },
    async (request) => {
      requireSamePerson(request, request.body.idPersona)
      const viewer = requireSamePerson(request, request.body.userId)
      const id = await addAddress(db, viewer.personId, fromWireAddress(request.body))
      return { exito: true, mensaje: ADDRESS_MESSAGES.added, id }
    },
  )

  app.get(
    '/DireccionPersona/DireccionesAsociadas',
    {
      onRequest: loggedIn,
      schema: {
        tags: ['Direcciones'],
        summary: 'Direcciones de la persona de la sesión: la principal primero, luego las más recientes',
        querystring: AddressListQuerySchema,
        response: { 200: z.array(AddressSchema), ...guardedErrors },
      },
    },
    async (request) => {
      const viewer = requireSamePerson(request, request.query.id)
      return (await listAddresses(db, viewer.personId)).map(toWireAddress)
    },
  )

  app.post(
    '/direccionPersona/EliminarDireccionPersona',
    {
      onRequest: loggedIn,
      schema: {
        tags: ['Direcciones'],
        summary:
          'Elimina una dirección (id) de la persona de la sesión; si era la principal, la más reciente pasa a serlo',
        querystring: AddressIdQuerySchema,
        response: { 200: ResultSchema, ...guardedErrors },
      },
    },
    async (request) => {
      const viewer = requireViewer(request)
      await deleteAddress(db, viewer.personId, request.query.id)
      return { exito: true, mensaje: ADDRESS_MESSAGES.deleted }
    },
  )
}
