import type { Address, AddressSaveSchema, City, Department } from '@piel/contracts'
import type { z } from 'zod'
import type { Municipality, Department as Place } from './places'
import type { NewAddress, PersonAddress } from './service'

/** Empty optional texts are stored as null. */
const orNull = (value: string | null | undefined) => (value ? value : null)

export const fromWireAddress = (body: z.output<typeof AddressSaveSchema>): NewAddress => ({
  street: body.Nomenclatura,
  reference: orNull(body.Referencia),
  receiverName: body.NombreRecibe,
  phone: body.Telefono,
  neighborhood: orNull(body.barrio),
  isMain: body.esPrincipal === 'Si',
  latitude: body.latitud ?? null,
  longitude: body.longitud ?? null,
  receiverDocumentType: orNull(body.tipoIdRecibe?.toUpperCase()),
  receiverDocumentNumber: orNull(body.numDocRecibe),
  departmentCode: body.departamento,
  municipalityCode: body.ciudad,
})

export const toWireAddress = (address: PersonAddress): Address => ({
  idDireccionPersona: address.id,
  referencia: address.reference,
  nomenclatura: address.street,
  nombreRecibe: address.receiverName,
  barrio: address.neighborhood,
  esPrincipal: address.isMain ? 'Si' : 'No',
  latitud: address.latitude,
  longitud: address.longitude,
  telefono: address.phone,
  tipoIdentificacion: address.receiverDocumentType,
  numeroDocumento: address.receiverDocumentNumber,
  countyId: address.municipalityCode,
  stateId: address.departmentCode,
  ciudadNombre: address.municipalityName,
  departamentoNombre: address.departmentName,
})

export const toWireCity = (municipality: Municipality): City => ({
  id: municipality.code,
  nombre: municipality.name,
  idDepartamento: municipality.departmentCode,
})

export const toWireDepartment = (department: Place, addressCodes: readonly string[]): Department => ({
  id: department.code,
  nombre: department.name,
  paraDirecciones: addressCodes.includes(department.code),
  porDefecto: addressCodes[0] === department.code,
})
