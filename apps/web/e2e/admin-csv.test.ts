import { readFile } from 'node:fs/promises'
import { CATALOG_CSV_COLUMNS, type CatalogCsvColumn } from '@piel/contracts/values'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { logInAsAdmin } from './fixtures'
import { openPage, SCREENSHOT_DIR, type Shop, startShop, VIEWPORTS } from './harness'

/**
 * Issue 17, Importar / exportar: the administrator downloads the catalogue as a CSV file, uploads one with a bad
 * row and reads the error by line and column (nothing changed), fixes it, uploads it again and reads the summary;
 * the new products are then in the shop.
 */

let shop: Shop
beforeAll(async () => {
  shop = await startShop()
})
afterAll(() => shop?.close())

/** A file as Colombian Excel saves one: `;`, CRLF, the export's columns. */
const csvOf = (rows: Partial<Record<CatalogCsvColumn, string>>[]) =>
  [CATALOG_CSV_COLUMNS.join(';'), ...rows.map((row) => CATALOG_CSV_COLUMNS.map((c) => row[c] ?? '').join(';'))].join(
    '\r\n',
  )

const newProduct = (reference: string, name: string, valor: string) => ({
  referencia: reference,
  nombre: name,
  marca: 'Dermalia',
  detalle: 'Bálsamo reparador con caléndula y pantenol para piel seca y agrietada.',
  catalogo: 'Hidratación',
  subcategoria: 'Cremas faciales',
  valor,
  descuento: '0',
  iva: '19',
  valorCorp: '39900',
  descuentoCorp: '0',
  ivaCorp: '19',
  umbralExistencia: '3',
  enVenta: 'si',
  existencia: '8',
  caracteristicas: 'Tipo de piel=Seca|Sensible',
})

describe.each(Object.entries(VIEWPORTS))('Importar / exportar at %s size', (name, viewport) => {
  test('the administrator downloads the catalogue, fixes a bad row reported by line, and the import lands in the shop', async () => {
    const { page, context, problems } = await openPage(shop, viewport)
    await page.goto('/admin/importar')
    await logInAsAdmin(shop, page)
    await page.waitForURL(/\/admin\/importar$/)
    await expect.poll(() => page.title()).toMatch(/^Importar \/ exportar · Administración \| /)
    const main = page.getByRole('main')

    // The export: every product of the demo catalogue, for Excel.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('link', { name: 'Descargar catálogo (CSV)' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^catalogo-piel-\d{4}-\d{2}-\d{2}\.csv$/)
    const exported = await readFile(await download.path())
    expect(exported.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const lines = exported
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
    expect(lines[0]).toBe(CATALOG_CSV_COLUMNS.join(';'))
    expect(exported.toString('utf8')).toContain('Anthelios UVMune 400 Fluido Invisible FPS 50+ 50 ml')
    expect(lines.filter((line) => line.trim() !== '').length).toBeGreaterThan(20)

    // A file with a bad row: the error by line and column, and nothing changed.
    const first = newProduct(`CSV-E2E-${name}-1`, `Bálsamo Caléndula Importado ${name}`, '45.900')
    const second = newProduct(`CSV-E2E-${name}-2`, `Crema Pantenol Importada ${name}`, 'cuarenta mil')
    const input = main.getByLabel('Archivo CSV del catálogo')
    await input.setInputFiles({
      name: 'catalogo.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csvOf([first, second])),
    })
    await main.getByRole('button', { name: 'Revisar e importar' }).click()
    await main.getByRole('heading', { name: 'El archivo tiene 1 error: no se cambió nada' }).waitFor()
    const row = main.getByRole('table', { name: 'Errores del archivo por línea y columna' }).getByRole('row').nth(1)
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      '3',
      'valor',
      '«cuarenta mil» no es un número entero: escribe solo cifras, sin decimales (89900 o 89.900).',
    ])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-csv-errors-${name}.png`, fullPage: true })
    const search = await fetch(
      `${shop.baseUrl}/swagger/api/Producto/GetByKeyWord?keyWord=${encodeURIComponent(first.nombre)}&idTinda=10018`,
    )
    expect(((await search.json()) as { descripcion: string }[]).map((p) => p.descripcion)).not.toContain(first.nombre)

    // Fixed and uploaded again: the summary.
    await input.setInputFiles({
      name: 'catalogo.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csvOf([first, { ...second, valor: '42900' }])),
    })
    await main.getByRole('button', { name: 'Revisar e importar' }).click()
    const summary = main.getByRole('region', { name: 'Catálogo importado' })
    await summary.waitFor()
    expect(await summary.getByRole('definition').allTextContents()).toEqual(['2', '0', '0'])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-csv-summary-${name}.png`, fullPage: true })
    // The refused upload is a 400 the browser logs; nothing else went wrong.
    expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([])
    await context.close()

    // The shop shows the new product to anybody.
    const visitor = await openPage(shop, viewport)
    await visitor.page.goto(`/storeProducts/10018?q=${encodeURIComponent(`balsamo calendula importado ${name}`)}`)
    await visitor.page.getByRole('article').filter({ hasText: first.nombre }).waitFor()
    await visitor.context.close()
  })
})
