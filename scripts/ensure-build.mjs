import { ensureBuild, ensureDependencies } from './lib.mjs'

ensureDependencies()
ensureBuild()
