import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, test } from 'vitest'

/**
 * The dependency map between domains (STYLE.md §2.3), checked on every `npm test`. It doubles as
 * the architecture diagram: a server domain may import another only through its `index.ts` (a
 * `tables.ts` also its `tables.ts`, for foreign keys), and only along this map; web features
 * never import each other; only `config.ts` reads the environment. The map lists the domains from
 * the bottom up: each depends only on domains listed before it, so no import ever goes back up.
 * `audit` (the back office's record of changes) and `mail` (the outbox) are the bottom: the
 * domains that change things or write to people use them, and they use none.
 */
const SERVER_DOMAIN_DEPENDENCIES: Record<string, string[]> = {
  audit: [],
  mail: [],
  catalog: ['audit'],
  accounts: ['audit', 'mail'],
  uploads: [],
  weather: [],
  'error-reports': [],
  backups: ['audit'],
  contact: ['catalog', 'audit', 'mail'],
  addresses: ['accounts'],
  shipping: ['addresses', 'audit'],
  favorites: ['catalog', 'accounts'],
  'stock-alerts': ['catalog', 'accounts', 'audit', 'mail'],
  discounts: ['catalog', 'audit'],
  orders: ['catalog', 'addresses', 'shipping', 'discounts', 'accounts', 'audit', 'mail'],
  payments: ['orders', 'accounts', 'audit', 'mail'],
  assistant: ['catalog', 'uploads', 'weather', 'addresses', 'shipping', 'accounts'],
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
        const allowed = (SERVER_DOMAIN_DEPENDENCIES[domain] ?? []).includes(targetDomain ?? '')
        const throughIndex = rest.length === 0 || (rest.length === 1 && rest[0] === 'index')
        // A tables.ts may point a foreign key at a table of a domain it depends on.
        const foreignKey = file.endsWith(`${sep}tables.ts`) && rest.length === 1 && rest[0] === 'tables'
        if (!allowed || !(throughIndex || foreignKey)) violations.push(`${relative(root, file)} → ${specifier}`)
      }
    }
    expect(violations).toEqual([])
  })

  test("the catalogue's storefront never imports its back office; only the app reaches it, through admin/index.ts", () => {
    // domains/catalog/admin (products, inventory, the catalogue tree, the carousel, the CSV file) writes the
    // catalogue's own tables and may use any of its files; nothing of the storefront may use it (decision 022).
    const admin = join(serverDomains, 'catalog', 'admin')
    const violations: string[] = []
    for (const file of sourceFiles(join(root, 'apps/server/src'))) {
      if (!relative(admin, file).startsWith('..')) continue
      for (const specifier of importsOf(file).filter((s) => s.startsWith('.'))) {
        const rel = relative(admin, resolveRelative(file, specifier))
        if (rel.startsWith('..')) continue
        const throughDoor = (rel === '' || rel === 'index') && !file.startsWith(join(serverDomains, 'catalog') + sep)
        if (!throughDoor) violations.push(`${relative(root, file)} → ${specifier}`)
      }
    }
    expect(violations).toEqual([])
  })

  test('the map is layered: each domain depends only on domains listed before it', () => {
    const listed = Object.keys(SERVER_DOMAIN_DEPENDENCIES)
    const upward = listed.flatMap((domain, index) =>
      (SERVER_DOMAIN_DEPENDENCIES[domain] ?? [])
        .filter((dependency) => !listed.slice(0, index).includes(dependency))
        .map((dependency) => `${domain} → ${dependency}`),
    )
    expect(upward).toEqual([])
  })

  test('every server domain folder is on the map', () => {
    const domains = readdirSync(serverDomains).filter((entry) => statSync(join(serverDomains, entry)).isDirectory())
    expect(domains.filter((domain) => !(domain in SERVER_DOMAIN_DEPENDENCIES))).toEqual([])
  })

  test('shared server code (shared/, db.ts, config.ts) never imports a domain, not even through another file', () => {
    // Domains import these; one import back (db.ts once reached every domain's tables through a
    // schema.ts) makes a cycle. Relative imports are followed to the files they reach.
    const src = join(root, 'apps/server/src')
    const resolveSource = (file: string, specifier: string) =>
      [`${specifier}.ts`, `${specifier}.tsx`, join(specifier, 'index.ts'), specifier]
        .map((candidate) => resolveRelative(file, candidate))
        .find((path) => statSync(path, { throwIfNoEntry: false })?.isFile())
    const violations: string[] = []
    const starts = [...sourceFiles(join(src, 'shared')), join(src, 'db.ts'), join(src, 'config.ts')]
    for (const start of starts.filter((file) => !file.endsWith('.test.ts'))) {
      const seen = new Set([start])
      const queue = [[start]]
      for (let chain = queue.shift(); chain; chain = queue.shift()) {
        const file = chain.at(-1) ?? start
        for (const specifier of importsOf(file).filter((s) => s.startsWith('.'))) {
          const target = resolveSource(file, specifier)
          if (!target || seen.has(target)) continue
          seen.add(target)
          if (!relative(join(src, 'domains'), target).startsWith('..')) {
            violations.push([...chain, target].map((path) => relative(src, path)).join(' → '))
          } else queue.push([...chain, target])
        }
      }
    }
    expect(violations).toEqual([])
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

  test('browser tests reach the server only through its doors', () => {
    // The harness builds the shop as main.ts does (app, config, db); a test sets up and reads back
    // through the API, a domain's index.ts or the stand-ins for outside services (mail, Google),
    // and only fixtures.ts (its one test door) touches the database. The demo catalogue is seeded once
    // for the run through the seed's doors (its data, and the drawing of its pictures).
    const doors = ['src/app', 'src/config', 'src/db', 'test/smtp', 'test/oidc-provider', 'seed', 'seed/drawing']
    const server = join(root, 'apps/server')
    const violations: string[] = []
    for (const file of sourceFiles(join(root, 'apps/web/e2e'))) {
      for (const specifier of importsOf(file)) {
        const target = specifier.startsWith('.') ? relative(server, resolveRelative(file, specifier)) : undefined
        const door = target
          ?.split(sep)
          .join('/')
          .replace(/\.tsx?$/, '')
        const inServer = door !== undefined && !door.startsWith('..')
        const allowed = !inServer || doors.includes(door) || /^src\/domains\/[^/]+(\/index)?$/.test(door)
        const database = /^drizzle-orm(\/|$)/.test(specifier) && !file.endsWith(`${sep}fixtures.ts`)
        if (!allowed || database || specifier.startsWith('@piel/server')) {
          violations.push(`${relative(root, file)} → ${specifier}`)
        }
      }
    }
    expect(violations).toEqual([])
  })

  test('no two files import each other, however far round (type-only imports count too)', () => {
    // A cycle is two files that cannot be read, tested or moved apart; with values it is also a
    // load-order trap. Each set of files that reach one another is reported with its imports.
    const trees: [string, string | null][] = [
      ['apps/server/src', null],
      ['apps/server/seed', null],
      ['apps/web/src', '@/'],
      ['packages', null],
    ]
    const cycles: string[] = []
    for (const [base, alias] of trees) {
      const files = sourceFiles(join(root, base)).filter(
        (file) => !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !file.includes(`${sep}node_modules${sep}`),
      )
      const known = new Set(files)
      const resolve = (file: string, specifier: string) => {
        const target = specifier.startsWith('.')
          ? resolveRelative(file, specifier)
          : alias && specifier.startsWith(alias)
            ? join(root, 'apps/web/src', specifier.slice(alias.length))
            : null
        if (!target) return null
        const candidates = [
          `${target}.ts`,
          `${target}.tsx`,
          join(target, 'index.ts'),
          join(target, 'index.tsx'),
          target,
        ]
        return candidates.find((candidate) => known.has(candidate)) ?? null
      }
      const edges = new Map(
        files.map((file) => [
          file,
          importsOf(file).flatMap((specifier) => {
            const target = resolve(file, specifier)
            return target ? [target] : []
          }),
        ]),
      )
      // Tarjan's strongly connected components.
      let counter = 0
      const index = new Map<string, number>()
      const low = new Map<string, number>()
      const stack: string[] = []
      const onStack = new Set<string>()
      const visit = (file: string) => {
        index.set(file, counter)
        low.set(file, counter++)
        stack.push(file)
        onStack.add(file)
        for (const target of edges.get(file) ?? []) {
          if (!index.has(target)) {
            visit(target)
            low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0))
          } else if (onStack.has(target)) low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0))
        }
        if (low.get(file) !== index.get(file)) return
        const component: string[] = []
        for (let member = stack.pop(); member; member = stack.pop()) {
          onStack.delete(member)
          component.push(member)
          if (member === file) break
        }
        if (component.length > 1) {
          const links = component.flatMap((from) =>
            (edges.get(from) ?? [])
              .filter((to) => component.includes(to))
              .map((to) => `${relative(root, from)} → ${relative(root, to)}`),
          )
          cycles.push([...new Set(links)].sort().join('; '))
        }
      }
      for (const file of files) if (!index.has(file)) visit(file)
    }
    expect(cycles).toEqual([])
  })

  test('the running server never draws the demo pictures: only the build, tests and benchmarks reach seed/drawing', () => {
    // The pictures are drawn when the server is built (build.mjs) and read from dist/demo-pictures; opentype.js
    // and the DM Sans font are development dependencies (decision 022). build.mjs also refuses a bundle that
    // reaches them.
    const drawing = join(root, 'apps/server/seed/drawing')
    const inDrawing = (path: string) => !relative(drawing, path).startsWith('..')
    const files = [...sourceFiles(join(root, 'apps/server/src')), ...sourceFiles(join(root, 'apps/server/seed'))]
    const violations = files
      .filter((file) => !inDrawing(file) && !file.endsWith('.test.ts'))
      .flatMap((file) =>
        importsOf(file)
          .filter((s) =>
            s.startsWith('.') ? inDrawing(resolveRelative(file, s)) : /^(opentype\.js|@fontsource\/)/.test(s),
          )
          .map((s) => `${relative(root, file)} → ${s}`),
      )
    expect(violations).toEqual([])
  })

  test('contracts depend on zod only', () => {
    // Their tests may import the test runner; the contracts themselves only zod.
    const files = sourceFiles(join(root, 'packages/contracts/src')).filter((file) => !file.endsWith('.test.ts'))
    const external = files.flatMap((file) => importsOf(file).filter((s) => !s.startsWith('.') && s !== 'zod'))
    expect(external).toEqual([])
  })

  test('only the server config reads process.env', () => {
    const readers = [...sourceFiles(join(root, 'apps/server/src')), ...sourceFiles(join(root, 'apps/server/seed'))]
      .filter((file) => !file.endsWith('.test.ts'))
      .filter((file) => /process\.env/.test(readFileSync(file, 'utf8')))
    expect(readers.map((file) => relative(root, file))).toEqual(['apps/server/src/config.ts'])
  })
})
