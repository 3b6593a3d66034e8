import {
  CityQuerySchema,
  CitySchema,
  DepartmentSchema,
  ErrorBodySchema,
  ShippingAdminSchema,
  ShippingCoverageSchema,
  ShippingSettingsSchema,
  ShippingZoneIdParamsSchema,
  ShippingZoneInputSchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminOnly, guardEveryRoute, guardedErrors } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { addressDepartments, departmentsForForms, listMunicipalities, toWireCity, toWireDepartment } from '../addresses'
import { authorOf } from '../audit'
import {
  createZone,
  deleteZone,
  ensureShippingZones,
  fromWireZone,
  listZones,
  setFreeFrom,
  shippingCoverage,
  updateZone,
} from './service'
import { toWireCoverage, toWireZone } from './wire'

/**
 * Where the shop delivers (issue 35), for shoppers: the zones' coverage, and the places the address form
 * offers (spec 000 §7 "Addresses and places"), which come from the zones. The first start makes the zones
 * from the configuration (`ensureShippingZones`).
 */
export const shippingRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, config }) => {
  await ensureShippingZones(db, {
    departmentCodes: config.ADDRESS_DEPARTMENTS,
    cost: config.SHIPPING_COST_COP,
    days: config.SHIPPING_BUSINESS_DAYS,
  })
  /** The departments delivered to, in their zones' order (the first is the address form's default). */
  const coveredCodes = async () => (await shippingCoverage(db)).departments.map((department) => department.code)

  app.get(
    '/envios/Cobertura',
    {
      schema: {
        tags: ['Envíos'],
        summary: 'A dónde hace envíos la tienda: departamentos y municipios, costos, días hábiles y envío gratis',
        response: { 200: ShippingCoverageSchema },
      },
    },
    async () => toWireCoverage(await shippingCoverage(db)),
  )

  app.get(
    '/ciudades/GetCiudadesxDep',
    {
      schema: {
        tags: ['Lugares'],
        summary: 'Municipios de un departamento (códigos DIVIPOLA de 5 dígitos), por nombre',
        description: 'Con conEnvio=true, solo aquellos a los que la tienda hace envíos.',
        querystring: CityQuerySchema,
        response: { 200: z.array(CitySchema), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const { dept, conEnvio } = request.query
      const municipalities = listMunicipalities(dept)
      if (!conEnvio) return municipalities.map(toWireCity)
      const covered = (await shippingCoverage(db)).departments.find((department) => department.code === dept)
      if (!covered) return []
      return municipalities
        .filter((municipality) => covered.whole || covered.municipalities.includes(municipality.code))
        .map(toWireCity)
    },
  )

  app.get(
    '/ciudades/Departamentos',
    {
      schema: {
        tags: ['Lugares'],
        summary: 'Todos los departamentos; primero aquellos a los que la tienda hace envíos, luego por nombre',
        response: { 200: z.array(DepartmentSchema) },
      },
    },
    async () => {
      const codes = await coveredCodes()
      return departmentsForForms(codes).map((department) => toWireDepartment(department, codes))
    },
  )

  app.get(
    '/ciudades/DepartamentosDireccion',
    {
      schema: {
        tags: ['Lugares'],
        summary:
          'Los departamentos del formulario de direcciones (los de las zonas de envío); el primero es el preseleccionado',
        response: { 200: z.array(DepartmentSchema) },
      },
    },
    async () => {
      const codes = await coveredCodes()
      return addressDepartments(codes).map((department) => toWireDepartment(department, codes))
    },
  )
}

/** The back office's shipping: zones and the free-shipping purchase, under `admin/` and for administrators only. */
export const shippingAdminRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  guardEveryRoute(app, adminOnly)
  const errors = guardedErrors
  const current = async () => {
    const { zones, freeFrom } = await listZones(db)
    return { zonas: zones.map(toWireZone), envioGratisDesde: freeFrom }
  }

  app.get(
    '/envios',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Las zonas de envío (también las pausadas) y la compra desde la que el envío es gratis',
        response: { 200: ShippingAdminSchema, ...errors },
      },
    },
    current,
  )

  app.post(
    '/envios/zonas',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Crea una zona de envío: un departamento entero o un municipio, con su costo y sus días hábiles',
        body: ShippingZoneInputSchema,
        response: { 200: ShippingAdminSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      await createZone(db, fromWireZone(request.body), authorOf(request))
      return current()
    },
  )

  app.put(
    '/envios/zonas/:id',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Cambia una zona de envío (lugar, costo, días, pausada o activa)',
        params: ShippingZoneIdParamsSchema,
        body: ShippingZoneInputSchema,
        response: { 200: ShippingAdminSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      await updateZone(db, request.params.id, fromWireZone(request.body), authorOf(request))
      return current()
    },
  )

  app.delete(
    '/envios/zonas/:id',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Elimina una zona de envío (las órdenes hechas conservan su envío)',
        params: ShippingZoneIdParamsSchema,
        response: { 200: ShippingAdminSchema, ...errors },
      },
    },
    async (request) => {
      await deleteZone(db, request.params.id, authorOf(request))
      return current()
    },
  )

  app.put(
    '/envios/ajustes',
    {
      schema: {
        tags: ['Administración'],
        summary: 'La compra (subtotal con IVA) desde la que el envío es gratis; null: nunca',
        body: ShippingSettingsSchema,
        response: { 200: ShippingAdminSchema, ...errors },
      },
    },
    async (request) => {
      await setFreeFrom(db, request.body.envioGratisDesde, authorOf(request))
      return current()
    },
  )
}
