export { addressDepartments, listDepartments } from './places'
export { addressRoutes, placeRoutes } from './routes'
export { getAddressForPerson, type PersonAddress } from './service'
