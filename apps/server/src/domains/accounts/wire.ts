import type { Person } from '@piel/contracts'
import type { persons } from './tables'

export type PersonRow = typeof persons.$inferSelect

/** Mobiles are stored in E.164 (`+573001234567`) and shown as the 10 digits people type. */
export const toStoredMobile = (mobile: string) => `+57${mobile}`
export const toWireMobile = (phone: string | null) => (phone ? phone.replace(/^\+57(?=3\d{9}$)/, '') : null)

/** The person as the API shows it (spec 000 §3 "User"): never the password or its hash. */
export const toWirePerson = (p: PersonRow): Person => ({
  id: p.id,
  uid: p.uid,
  email: p.email,
  nombres: p.firstNames,
  apellidos: p.lastNames,
  fechaNacimiento: p.birthDate,
  idGenero: p.genderId,
  tipoIdentificacion: p.documentType,
  numeroDocumento: p.documentNumber,
  telefono: toWireMobile(p.phone),
  nivel: p.level,
  totalPuntos: p.totalPoints,
  dateRegister: p.registeredAt.toISOString(),
  temporal: p.hasTemporaryPassword ? 'Si' : 'No',
  perfil: p.profileId,
  nombrePerfil: p.profileName,
  aceptoTyC: p.acceptedTerms,
  autorizoTDP: p.authorizedDataTreatment,
  clienteCorp: p.isCorporateClient,
  nit: p.nit,
  autorizadoClienteCorp: p.isAuthorizedCorporate,
  esAdmin: p.isAdmin,
})
