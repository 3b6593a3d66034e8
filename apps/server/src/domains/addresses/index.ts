export {
  addressDepartments,
  departmentsForForms,
  findDepartment,
  findMunicipality,
  listDepartments,
  listMunicipalities,
} from './places'
export { addressRoutes, documentTypeRoutes } from './routes'
export { getAddressForPerson, type PersonAddress } from './service'
export { toWireCity, toWireDepartment } from './wire'
