import { type DiscountKind, formatCop, type PriceTier } from '@piel/contracts'
import { desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { AppError, isUniqueViolation, notFound } from '../../shared/errors'
import { recordAudit } from '../audit'
import { getProductCatalogs } from '../catalog'
import { discountCodes } from './tables'

/**
 * Discount codes (issue 35, decision 029). The server alone decides whether a code applies and what it
 * takes off. `evaluateCode` checks every rule with what it reads now (for the cart's quote, and before an
 * order); the rules other orders can change (uses, first purchase) and the code's own state are decided
 * again by `place_order` under the code's row lock, so two orders cannot both take a code's last use.
 */

export type CodeRow = typeof discountCodes.$inferSelect

/** Why a code does not apply; `place_order` answers the first seven itself. */
export type CodeRefusal =
  | 'paused'
  | 'not_started'
  | 'ended'
  | 'used_up'
  | 'person_used_up'
  | 'not_first'
  | 'changed'
  | 'unknown'
  | 'corporate'
  | 'nothing_applies'
  | 'minimum'

const dayFormat = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
})

/** The Spanish sentence a shopper reads when `code` does not apply for `reason`. */
export function refusalMessage(
  reason: CodeRefusal,
  typed: string,
  code?: Pick<CodeRow, 'startsAt' | 'endsAt' | 'minPurchase' | 'maxUsesPerPerson'> | null,
  missing = 0,
): string {
  const name = `El código ${typed}`
  switch (reason) {
    case 'unknown':
      return `${name} no existe. Revisa que esté bien escrito.`
    case 'paused':
      return `${name} no está activo.`
    case 'not_started':
      return code?.startsAt
        ? `${name} se puede usar desde el ${dayFormat.format(code.startsAt)}.`
        : `${name} aún no se puede usar.`
    case 'ended':
      return code?.endsAt ? `${name} venció el ${dayFormat.format(code.endsAt)}.` : `${name} ya venció.`
    case 'used_up':
      return `${name} ya se usó todas las veces posibles.`
    case 'person_used_up':
      return code?.maxUsesPerPerson && code.maxUsesPerPerson > 1
        ? `Ya usaste el código ${typed} las ${code.maxUsesPerPerson} veces que permite.`
        : `Ya usaste el código ${typed}.`
    case 'not_first':
      return `${name} es solo para tu primera compra.`
    case 'corporate':
      return `${name} no se combina con tus precios corporativos.`
    case 'nothing_applies':
      return `${name} no aplica a los productos de tu carrito.`
    case 'minimum':
      return `${name} aplica a compras desde ${formatCop(code?.minPurchase ?? 0)} en productos participantes: te faltan ${formatCop(missing)}.`
    case 'changed':
      return `${name} cambió mientras hacías la orden. Intenta de nuevo.`
  }
}

/** What an order line tells the rules: its product and what it costs (IVA included, before the code). */
export interface CodeLine {
  productId: number
  lineTotal: number
}

export type CodeEvaluation =
  | { ok: true; code: CodeRow; participates: (productId: number) => boolean }
  | { ok: false; reason: CodeRefusal; message: string; code: CodeRow | null }

export const findCode = async (db: Db, typed: string): Promise<CodeRow | null> =>
  (
    await db
      .select()
      .from(discountCodes)
      .where(eq(sql`upper(${discountCodes.code})`, typed.toUpperCase()))
  )[0] ?? null

/**
 * How many times codes were used, from the orders (which the orders domain keeps, `orders/discount-usage.ts`): a use
 * is an order carrying the code that is not cancelled.
 */
export interface CodeUsage {
  /** Uses of the code in all, and by the person (0 without one). */
  uses: (codeId: number, personId: number | null) => Promise<{ all: number; person: number }>
  /** The person has an order that is not cancelled. */
  hasOrders: (personId: number) => Promise<boolean>
}

/**
 * Whether the code typed applies to `lines` for this shopper now, and to which lines. Without a person
 * (a cart not logged in) the person's rules are left to the order.
 */
export async function evaluateCode(
  db: Db,
  typed: string,
  {
    lines,
    tier,
    personId,
    usage,
    now = new Date(),
  }: { lines: readonly CodeLine[]; tier: PriceTier; personId: number | null; usage: CodeUsage; now?: Date },
): Promise<CodeEvaluation> {
  const code = await findCode(db, typed)
  const refuse = (reason: CodeRefusal, missing = 0): CodeEvaluation => ({
    ok: false,
    reason,
    message: refusalMessage(reason, typed, code, missing),
    code,
  })
  if (!code) return refuse('unknown')
  if (!code.active) return refuse('paused')
  if (code.startsAt && now < code.startsAt) return refuse('not_started')
  if (code.endsAt && now >= code.endsAt) return refuse('ended')
  if (tier === 'corporate' && !code.corporateAllowed) return refuse('corporate')

  const excludedProducts = new Set(code.excludedProductIds)
  const excludedCatalogs = new Set(code.excludedCatalogIds)
  const catalogs =
    excludedCatalogs.size > 0
      ? await getProductCatalogs(
          db,
          lines.map((line) => line.productId),
        )
      : null
  const participates = (productId: number) => {
    if (excludedProducts.has(productId)) return false
    const catalogId = catalogs?.get(productId)
    return catalogId === undefined || catalogId === null || !excludedCatalogs.has(catalogId)
  }
  const base = lines.filter((line) => participates(line.productId)).reduce((sum, line) => sum + line.lineTotal, 0)
  if (base === 0) return refuse('nothing_applies')
  if (code.minPurchase !== null && base < code.minPurchase) return refuse('minimum', code.minPurchase - base)

  const uses = await usage.uses(code.id, personId)
  if (code.maxUses !== null && uses.all >= code.maxUses) return refuse('used_up')
  if (personId !== null) {
    if (code.maxUsesPerPerson !== null && uses.person >= code.maxUsesPerPerson) return refuse('person_used_up')
    if (code.firstPurchaseOnly && (await usage.hasOrders(personId))) return refuse('not_first')
  }
  return { ok: true, code, participates }
}

export const codeRuleOf = (code: Pick<CodeRow, 'kind' | 'value'>) => ({
  kind: code.kind as DiscountKind,
  value: code.value,
})

/* The back office (`admin/codigos`). */

export interface CodeInput {
  code: string
  description: string
  kind: DiscountKind
  value: number
  minPurchase: number | null
  startsAt: Date | null
  endsAt: Date | null
  maxUses: number | null
  maxUsesPerPerson: number | null
  firstPurchaseOnly: boolean
  corporateAllowed: boolean
  excludedProductIds: number[]
  excludedCatalogIds: number[]
  active: boolean
}

export interface CodeFigures {
  uses: number
  paidOrders: number
  revenue: number
  discountGiven: number
}

export type CodeWithFigures = CodeRow & CodeFigures

const AUDIT_ENTITY = 'codigo_descuento'
const CODE_REPEATED = 'Ya existe un código con ese nombre.'
const repeated = () => new AppError(409, 'codigo_repetido', CODE_REPEATED, { codigo: CODE_REPEATED })
const codeNotFound = () => notFound('El código de descuento no existe.')

const auditView = (code: CodeRow) => ({
  codigo: code.code,
  tipo: code.kind,
  valor: code.value,
  compraMinima: code.minPurchase,
  desde: code.startsAt?.toISOString() ?? null,
  hasta: code.endsAt?.toISOString() ?? null,
  usosMaximos: code.maxUses,
  usosPorPersona: code.maxUsesPerPerson,
  soloPrimeraCompra: code.firstPurchaseOnly,
  permiteCorporativo: code.corporateAllowed,
  productosExcluidos: code.excludedProductIds,
  catalogosExcluidos: code.excludedCatalogIds,
  activo: code.active,
})

/** Each code's figures (by code id), from its orders: what the orders domain measures (`codeFigures`). */
export type CodeFiguresOf = () => Promise<Map<number, CodeFigures>>

const NO_FIGURES: CodeFigures = { uses: 0, paidOrders: 0, revenue: 0, discountGiven: 0 }

/** Every code, newest first, with its uses and what its paid orders took in. */
export async function listCodes(db: Db, figuresOf: CodeFiguresOf): Promise<CodeWithFigures[]> {
  const [codes, figures] = await Promise.all([
    db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt), desc(discountCodes.id)),
    figuresOf(),
  ])
  return codes.map((code) => ({ ...code, ...(figures.get(code.id) ?? NO_FIGURES) }))
}

export async function getCode(db: Db, id: number, figuresOf: CodeFiguresOf): Promise<CodeWithFigures> {
  const code = (await listCodes(db, figuresOf)).find((row) => row.id === id)
  if (!code) throw codeNotFound()
  return code
}

export async function createCode(db: Db, input: CodeInput, by: number | null): Promise<CodeRow> {
  try {
    return await db.transaction(async (tx) => {
      const [code] = await tx.insert(discountCodes).values(input).returning()
      if (!code) throw new Error('the code was not stored')
      await recordAudit(tx, {
        by,
        entity: AUDIT_ENTITY,
        entityId: code.id,
        action: 'crear',
        before: null,
        after: auditView(code),
      })
      return code
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw repeated()
    throw error
  }
}

/** Changes a code; its version goes up, so an order being priced with the old one is priced again. */
export async function updateCode(db: Db, id: number, input: Partial<CodeInput>, by: number | null): Promise<CodeRow> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update')
      if (!before) throw codeNotFound()
      const [code] = await tx
        .update(discountCodes)
        .set({ ...input, version: sql`${discountCodes.version} + 1`, updatedAt: new Date() })
        .where(eq(discountCodes.id, id))
        .returning()
      if (!code) throw codeNotFound()
      const action =
        Object.keys(input).length === 1 && 'active' in input ? (code.active ? 'activar' : 'pausar') : 'editar'
      await recordAudit(tx, {
        by,
        entity: AUDIT_ENTITY,
        entityId: id,
        action,
        before: auditView(before),
        after: auditView(code),
      })
      return code
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw repeated()
    throw error
  }
}
