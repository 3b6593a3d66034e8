export { drawDemoPictures, writeDemoPictures } from './draw-pictures'
