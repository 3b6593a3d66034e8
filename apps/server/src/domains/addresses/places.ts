import { z } from 'zod'
import { badRequest, notFound } from '../../shared/errors'
import divipolaFile from './divipola.json' with { type: 'json' }

/**
 * Colombia's departments and municipalities (DANE DIVIPOLA codes), from the project's copy of
 * `shared/data/divipola.json`. Read and checked once, on first use; the answers are frozen.
 */
export interface Municipality {
  code: string
  name: string
  departmentCode: string
}
export interface Department {
  code: string
  name: string
  /** Sorted by name, Spanish collation. */
  municipalities: readonly Municipality[]
}

const DivipolaSchema = z.object({
  source: z.string(),
  departments: z
    .array(
      z.object({
        code: z.string().regex(/^\d{2}$/),
        name: z.string().min(1),
        municipalities: z.array(z.object({ code: z.string().regex(/^\d{5}$/), name: z.string().min(1) })).min(1),
      }),
    )
    .min(1),
})

const spanish = new Intl.Collator('es')
const byName = (a: { name: string; code: string }, b: { name: string; code: string }) =>
  spanish.compare(a.name, b.name) || a.code.localeCompare(b.code)

interface Places {
  departments: readonly Department[]
  departmentsByCode: ReadonlyMap<string, Department>
  municipalitiesByCode: ReadonlyMap<string, Municipality>
}

let places: Places | undefined

function loadPlaces(): Places {
  const file = DivipolaSchema.parse(divipolaFile)
  const departments = file.departments.map(
    (department): Department =>
      Object.freeze({
        code: department.code,
        name: department.name,
        municipalities: Object.freeze(
          department.municipalities
            .map((municipality) =>
              Object.freeze({ code: municipality.code, name: municipality.name, departmentCode: department.code }),
            )
            .sort(byName),
        ),
      }),
  )
  const municipalitiesByCode = new Map<string, Municipality>()
  for (const department of departments) {
    for (const municipality of department.municipalities) {
      if (!municipality.code.startsWith(department.code) || municipalitiesByCode.has(municipality.code)) {
        throw new Error(`divipola.json: municipality ${municipality.code} is misplaced or repeated`)
      }
      municipalitiesByCode.set(municipality.code, municipality)
    }
  }
  return {
    departments: Object.freeze(departments),
    departmentsByCode: new Map(departments.map((department) => [department.code, department])),
    municipalitiesByCode,
  }
}

const getPlaces = (): Places => {
  places ??= loadPlaces()
  return places
}

/** Every department (and Bogotá, D.C.), by code. */
export const listDepartments = (): readonly Department[] => getPlaces().departments

export const findDepartment = (code: string): Department | undefined => getPlaces().departmentsByCode.get(code)

export const findMunicipality = (code: string): Municipality | undefined => getPlaces().municipalitiesByCode.get(code)

/** `ciudades/GetCiudadesxDep`: the municipalities of a department, by name; unknown department → 404. */
export function listMunicipalities(departmentCode: string): readonly Municipality[] {
  const department = findDepartment(departmentCode)
  if (!department) throw notFound(`No existe el departamento con código ${departmentCode}.`)
  return department.municipalities
}

/** The departments the address form offers, in the configured order (the first is the default). */
export function addressDepartments(codes: readonly string[]): Department[] {
  return codes.map((code) => {
    const department = findDepartment(code)
    if (!department) throw new Error(`ADDRESS_DEPARTMENTS: ${code} is not a DIVIPOLA department code`)
    return department
  })
}

/**
 * Every department, the configured address departments first (in their order), then the rest
 * by name (Spanish collation).
 */
export function departmentsForForms(addressCodes: readonly string[]): Department[] {
  const first = addressDepartments(addressCodes)
  const rest = listDepartments()
    .filter((department) => !addressCodes.includes(department.code))
    .sort(byName)
  return [...first, ...rest]
}

/**
 * Checks an address's place: the department exists and the municipality belongs to it. Returns
 * both, for their names. A wrong pair is a 400 naming the field (`campos`).
 */
export function resolvePlace(departmentCode: string, municipalityCode: string) {
  const department = findDepartment(departmentCode)
  if (!department) {
    throw badRequest('El departamento no existe.', { departamento: 'El departamento no existe.' })
  }
  const municipality = findMunicipality(municipalityCode)
  if (!municipality || municipality.departmentCode !== department.code) {
    const message = `El municipio no pertenece al departamento ${department.name}.`
    throw badRequest(message, { ciudad: message })
  }
  return { department, municipality }
}
