import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, test } from 'vitest'

/**
 * The dependency map between domains (STYLE.md §2.3), checked on every `npm test`. It doubles as
 * the architecture diagram: a server domain may import another only through its `index.ts` (a
 * `tables.ts` also its `tables.ts`, for foreign keys), and only along this map; web features
 * never import each other; only `config.ts` reads the environment.
 */
const SERVER_DOMAIN_DEPENDENCIES: Record<string, string[]> = {
  catalog: [],
  accounts: [],
  uploads: [],
  weather: [],
  contact: ['catalog'],
  addresses: ['accounts'],
  favorites: ['catalog', 'accounts'],
  orders: ['catalog', 'addresses', 'accounts'],
  payments: ['orders', 'accounts'],
  assistant: ['catalog', 'uploads', 'weather', 'accounts'],
}

const root = join(import.meta.dirname, '..')
const serverDomains = join(root, 'apps/server/src/domains')
const webFeatures = join(root, 'apps/web/src/features')

function sourceFiles(dir: string): string[] {
  let entries: string[]
  try {
    entries = readdirSync(dir)
  } catch {
    return []
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx)$/.test(entry) ? [path] : []
  })
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? '')
}

const resolveRelative = (file: string, specifier: string) => join(file, '..', specifier)
const topFolder = (base: string, path: string) => relative(base, path).split(sep)[0] ?? ''

describe('dependency map', () => {
  test('server domains import other domains only through index.ts and along the map', () => {
    const violations: string[] = []
    for (const file of sourceFiles(serverDomains)) {
      const domain = topFolder(serverDomains, file)
      for (const specifier of importsOf(file).filter((s) => s.startsWith('.'))) {
        const target = resolveRelative(file, specifier)
        const rel = relative(serverDomains, target)
        if (rel.startsWith('..')) continue
        const [targetDomain, ...rest] = rel.split(sep)
        if (targetDomain === domain) continue
        const allowed = (SERVER_DOMAIN_DEPENDENCIES[domain] ?? []).includes(targetDomain ?? '') || domain === 'admin'
        const throughIndex = rest.length === 0 || (rest.length === 1 && rest[0] === 'index')
        // A tables.ts may point a foreign key at a table of a domain it depends on.
        const foreignKey = file.endsWith(`${sep}tables.ts`) && rest.length === 1 && rest[0] === 'tables'
        if (!allowed || !(throughIndex || foreignKey)) violations.push(`${relative(root, file)} → ${specifier}`)
      }
    }
    expect(violations).toEqual([])
  })

  test('every server domain folder is on the map', () => {
    const domains = readdirSync(serverDomains).filter((entry) => statSync(join(serverDomains, entry)).isDirectory())
    expect(domains.filter((domain) => !(domain in SERVER_DOMAIN_DEPENDENCIES) && domain !== 'admin')).toEqual([])
  })

  test('shared server code never imports a domain', () => {
    const shared = sourceFiles(join(root, 'apps/server/src/shared'))
    const offending = shared.filter((file) =>
      importsOf(file).some((s) => s.includes('/domains/') || s.startsWith('../domains')),
    )
    expect(offending.map((file) => relative(root, file))).toEqual([])
  })

  test('web features never import each other', () => {
    const violations: string[] = []
    for (const file of sourceFiles(webFeatures)) {
      const feature = topFolder(webFeatures, file)
      for (const specifier of importsOf(file)) {
        const target = specifier.startsWith('@/features/')
          ? join(root, 'apps/web/src', specifier.slice(2))
          : specifier.startsWith('.')
            ? resolveRelative(file, specifier)
            : undefined
        if (!target) continue
        const rel = relative(webFeatures, target)
        if (!rel.startsWith('..') && topFolder(webFeatures, target) !== feature) {
          violations.push(`${relative(root, file)} → ${specifier}`)
        }
      }
    }
    expect(violations).toEqual([])
  })

  test('nothing imports the web app layer from a feature, and apps never import each other', () => {
    const webFiles = sourceFiles(join(root, 'apps/web/src/features'))
    const serverFiles = sourceFiles(join(root, 'apps/server/src'))
    const bad = [
      ...webFiles.filter((file) => importsOf(file).some((s) => s.startsWith('@/app/') || s.includes('/app/'))),
      ...webFiles.filter((file) => importsOf(file).some((s) => s.startsWith('@piel/server'))),
      ...serverFiles.filter((file) => importsOf(file).some((s) => s.startsWith('@piel/web'))),
    ]
    expect(bad.map((file) => relative(root, file))).toEqual([])
  })

  test('contracts depend on zod only', () => {
    const files = sourceFiles(join(root, 'packages/contracts/src'))
    const external = files.flatMap((file) => importsOf(file).filter((s) => !s.startsWith('.') && s !== 'zod'))
    expect(external).toEqual([])
  })

  test('only the server config reads process.env', () => {
    const readers = sourceFiles(join(root, 'apps/server/src'))
      .filter((file) => !file.endsWith('.test.ts'))
      .filter((file) => /process\.env/.test(readFileSync(file, 'utf8')))
    expect(readers.map((file) => relative(root, file))).toEqual(['apps/server/src/config.ts'])
  })
})
