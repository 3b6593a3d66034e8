import { DOCUMENT_TYPES } from '@piel/contracts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { openTestDatabase } from '../../../test/database'
import { buildApp } from '../../app'
import { loadConfig } from '../../config'
import divipola from './divipola.json' with { type: 'json' }
import { resolvePlace } from './places'

let t: TestApp

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/swagger/api/${url}` })
  return { status: res.statusCode, body: res.json() }
}

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const spanish = new Intl.Collator('es')
const departmentOf = (code: string) => divipola.departments.find((department) => department.code === code)

describe('GET ciudades/GetCiudadesxDep', () => {
  test('dept=52 → the 64 municipalities of Nariño, Pasto and Ipiales among them, sorted by name in Spanish', async () => {
    const { status, body } = await get('ciudades/GetCiudadesxDep?dept=52')
    expect(status).toBe(200)
    expect(body).toHaveLength(departmentOf('52')?.municipalities.length ?? -1)
    expect(body).toHaveLength(64)
    expect(body).toContainEqual({ id: '52001', nombre: 'Pasto', idDepartamento: '52' })
    expect(body).toContainEqual({ id: '52356', nombre: 'Ipiales', idDepartamento: '52' })
    const names = body.map((city: { nombre: string }) => city.nombre)
    expect(names).toEqual([...names].sort(spanish.compare))
    expect(body.every((city: { id: string }) => /^52\d{3}$/.test(city.id))).toBe(true)
  })

  test('every department of the data loads with all its municipalities (33 departments, 1,122 entries)', async () => {
    expect(divipola.departments).toHaveLength(33)
    let total = 0
    for (const department of divipola.departments) {
      const { status, body } = await get(`ciudades/GetCiudadesxDep?dept=${department.code}`)
      expect(status, department.name).toBe(200)
      expect(body.map((city: { id: string }) => city.id).sort(), department.name).toEqual(
        department.municipalities.map((municipality) => municipality.code).sort(),
      )
      total += body.length
    }
    expect(total).toBe(1122)
  })

  test('Cauca (19) has 42 and Putumayo (86) 13; a one-digit code is read with its leading zero (5 → Antioquia)', async () => {
    expect((await get('ciudades/GetCiudadesxDep?dept=19')).body).toHaveLength(42)
    expect((await get('ciudades/GetCiudadesxDep?dept=86')).body).toHaveLength(13)
    const antioquia = await get('ciudades/GetCiudadesxDep?dept=5')
    expect(antioquia.body).toHaveLength(125)
    expect(antioquia.body).toContainEqual({ id: '05001', nombre: 'Medellín', idDepartamento: '05' })
  })

  test.each(['abc', '520', '5a', '', '-1'])('dept=%j → 400 datos_invalidos naming dept', async (dept) => {
    const { status, body } = await get(`ciudades/GetCiudadesxDep?dept=${encodeURIComponent(dept)}`)
    expect(status).toBe(400)
    expect(body.codigo).toBe('datos_invalidos')
    expect(Object.keys(body.campos)).toContain('dept')
  })

  test('no dept → 400', async () => {
    const { status, body } = await get('ciudades/GetCiudadesxDep')
    expect(status).toBe(400)
    expect(body.codigo).toBe('datos_invalidos')
  })

  test.each(['98', '00', '01'])('unknown department %s → 404 with a Spanish message', async (dept) => {
    const { status, body } = await get(`ciudades/GetCiudadesxDep?dept=${dept}`)
    expect(status).toBe(404)
    expect(body).toEqual({ mensaje: `No existe el departamento con código ${dept}.`, codigo: 'no_encontrado' })
  })

  test('the path is case-insensitive, like every API path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swagger/API/Ciudades/getciudadesxdep?dept=86' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toHaveLength(13)
  })
})

describe('GET ciudades/Departamentos and DepartamentosDireccion', () => {
  test('Departamentos → all 33, the address departments first (Nariño default), then the rest by name', async () => {
    const { status, body } = await get('ciudades/Departamentos')
    expect(status).toBe(200)
    expect(body).toHaveLength(33)
    expect(body.slice(0, 3)).toEqual([
      { id: '52', nombre: 'Nariño', paraDirecciones: true, porDefecto: true },
      { id: '19', nombre: 'Cauca', paraDirecciones: true, porDefecto: false },
      { id: '86', nombre: 'Putumayo', paraDirecciones: true, porDefecto: false },
    ])
    const rest = body.slice(3)
    expect(
      rest.every((d: { paraDirecciones: boolean; porDefecto: boolean }) => !d.paraDirecciones && !d.porDefecto),
    ).toBe(true)
    const names = rest.map((department: { nombre: string }) => department.nombre)
    expect(names).toEqual([...names].sort(spanish.compare))
    expect(body).toContainEqual({ id: '11', nombre: 'Bogotá, D.C.', paraDirecciones: false, porDefecto: false })
  })

  test('DepartamentosDireccion → the configured departments in order, Nariño first', async () => {
    const { status, body } = await get('ciudades/DepartamentosDireccion')
    expect(status).toBe(200)
    expect(body.map((department: { id: string; nombre: string }) => [department.id, department.nombre])).toEqual([
      ['52', 'Nariño'],
      ['19', 'Cauca'],
      ['86', 'Putumayo'],
    ])
    expect(body[0].porDefecto).toBe(true)
  })

  test('ADDRESS_DEPARTMENTS=19,52 → Cauca first and default, Nariño second', async () => {
    const other = await buildTestApp({ ADDRESS_DEPARTMENTS: '19, 52' })
    try {
      const res = await other.app.inject({ method: 'GET', url: '/swagger/api/ciudades/DepartamentosDireccion' })
      expect(res.json()).toEqual([
        { id: '19', nombre: 'Cauca', paraDirecciones: true, porDefecto: true },
        { id: '52', nombre: 'Nariño', paraDirecciones: true, porDefecto: false },
      ])
      const all = await other.app.inject({ method: 'GET', url: '/swagger/api/ciudades/Departamentos' })
      expect(
        all
          .json()
          .slice(0, 2)
          .map((department: { id: string }) => department.id),
      ).toEqual(['19', '52'])
    } finally {
      await other.close()
    }
  })
})

describe('ADDRESS_DEPARTMENTS', () => {
  test('defaults to 52,19,86', () => {
    expect(loadConfig({}).ADDRESS_DEPARTMENTS).toEqual(['52', '19', '86'])
  })

  test.each([
    ['5,19', 'ADDRESS_DEPARTMENTS'],
    ['52,,19', 'ADDRESS_DEPARTMENTS'],
    ['52,52', 'repetidos'],
    ['nariño', 'ADDRESS_DEPARTMENTS'],
  ])('%j stops start-up with a message naming the variable', (value, expected) => {
    expect(() => loadConfig({ ADDRESS_DEPARTMENTS: value })).toThrow(expected)
  })

  test('a well-formed code that is not a department (98) stops the app from starting', async () => {
    const database = await openTestDatabase()
    try {
      const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', ADDRESS_DEPARTMENTS: '52,98' })
      await expect(buildApp({ config, database })).rejects.toThrow(
        /ADDRESS_DEPARTMENTS: 98 is not a DIVIPOLA department code/,
      )
    } finally {
      await database.close()
    }
  })
})

describe('GET Domain/ObtenerTiposDocCuenta', () => {
  test('→ the account document types as { valor, descripcion }', async () => {
    const { status, body } = await get('Domain/ObtenerTiposDocCuenta')
    expect(status).toBe(200)
    expect(body).toEqual(DOCUMENT_TYPES.map(({ valor, descripcion }) => ({ valor, descripcion })))
    expect(body).toContainEqual({ valor: 'CC', descripcion: 'Cédula de ciudadanía' })
  })
})

describe('resolvePlace', () => {
  test('a municipality of the department → both, with their names', () => {
    const place = resolvePlace('52', '52356')
    expect([place.department.name, place.municipality.name]).toEqual(['Nariño', 'Ipiales'])
  })

  test.each([
    ['52', '19001', 'ciudad'],
    ['52', '52999', 'ciudad'],
    ['98', '98001', 'departamento'],
  ])('%s / %s → 400 naming %s', (department, municipality, field) => {
    expect(() => resolvePlace(department, municipality)).toThrow(
      expect.objectContaining({ status: 400, fields: expect.objectContaining({ [field]: expect.any(String) }) }),
    )
  })
})
