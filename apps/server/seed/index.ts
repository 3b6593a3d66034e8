export { clearCatalog, type DemoStore, isCatalogEmpty, seedDemoCatalog } from './demo-catalog'
export { DEMO_PICTURES_DIR, type DemoPicture, readDemoPictures } from './pictures'
export { DEMO_SHIPPING, seedDemoShipping } from './shipping'
