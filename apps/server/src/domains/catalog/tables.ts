import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/** The shops. Piel runs one (STORE_ID); the table keeps the spec's multi-store calls honest. */
export const stores = pgTable('stores', {
  id: integer().primaryKey(),
  name: text().notNull(),
  legalName: text().notNull(),
  nit: text().notNull(),
  address: text().notNull(),
  city: text().notNull(),
  phone: text().notNull(),
  whatsapp: text().notNull(),
  email: text().notNull(),
  openingHours: text().notNull(),
  facebookUrl: text(),
  instagramUrl: text(),
  tiktokUrl: text(),
  active: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export const catalogs = pgTable(
  'catalogs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id),
    name: text().notNull(),
    backgroundColor: text().notNull(),
    icon: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [unique().on(t.storeId, t.name)],
)

export const subcategories = pgTable(
  'subcategories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    catalogId: integer()
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [unique().on(t.catalogId, t.name)],
)

/** Prices are whole COP with IVA included (see README, "Money"). */
export const products = pgTable(
  'products',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id),
    subcategoryId: integer().references(() => subcategories.id, { onDelete: 'set null' }),
    reference: text().notNull(),
    name: text().notNull(),
    detail: text().notNull(),
    brand: text().notNull(),
    price: integer().notNull(),
    discount: integer().notNull().default(0),
    iva: integer().notNull().default(19),
    corporatePrice: integer().notNull(),
    corporateDiscount: integer().notNull().default(0),
    corporateIva: integer().notNull().default(19),
    stock: integer().notNull().default(0),
    /** Below this many units the back office lists the product as low on stock (issue 17). */
    lowStockThreshold: integer().notNull().default(5),
    /**
     * The product's reviews, counted by the database itself: a trigger on `product_comments`
     * (`sql/count_product_reviews.sql`) keeps the number of comments and the sum of their ratings, so a list reads
     * a product's average (`calificacion`, see product-rows.ts) without aggregating its comments.
     * Never written by the application.
     */
    reviewCount: integer().notNull().default(0),
    ratingTotal: integer().notNull().default(0),
    unitsSold: integer().notNull().default(0),
    invimaRegistration: text(),
    active: boolean().notNull().default(true),
    /** Unaccented lower-case name, brand, reference and characteristic values: typo-tolerant matching (pg_trgm). */
    searchText: text().notNull().default(''),
    /** Spanish full-text document: name and brand (A), reference and characteristics (B), detail (C). */
    searchVector: tsvector(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.storeId, t.reference),
    index().on(t.storeId, t.active),
    index('products_search_vector_idx').using('gin', t.searchVector),
    index('products_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The back office: its default order (recently changed first) and part of a reference (bench:admin).
    index().on(t.storeId, t.updatedAt.desc().nullsFirst(), t.id),
    index('products_reference_trgm_idx').using('gin', sql`${t.reference} gin_trgm_ops`),
    check('products_price_nonnegative', sql`${t.price} >= 0 and ${t.corporatePrice} >= 0`),
    check('products_discount_range', sql`${t.discount} between 0 and 100 and ${t.corporateDiscount} between 0 and 100`),
    check('products_stock_nonnegative', sql`${t.stock} >= 0 and ${t.lowStockThreshold} >= 0`),
    check(
      'products_reviews_range',
      sql`${t.reviewCount} >= 0 and ${t.ratingTotal} between ${t.reviewCount} and 5 * ${t.reviewCount}`,
    ),
  ],
)

/** Binary assets the shop generates or receives for its catalogue (product pictures, banners). */
export const media = pgTable('media', {
  key: text().primaryKey(),
  contentType: text().notNull(),
  bytes: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/**
 * The home page's carousel (issue 17): each slide a picture (1600×600 WebP in `media`) with the copy the page
 * writes over it, a link inside the shop, its place and whether it shows. The first active slide is the home
 * page's largest element (its LCP).
 */
export const carouselSlides = pgTable(
  'carousel_slides',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id),
    mediaKey: text()
      .notNull()
      .references(() => media.key),
    eyebrow: text().notNull().default(''),
    title: text().notNull(),
    text: text().notNull().default(''),
    ctaLabel: text().notNull(),
    /** A path of the shop (`/storeProducts/1?q=…`), never another site's address. */
    link: text().notNull(),
    position: integer().notNull(),
    active: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.storeId, t.position)],
)

export const productImages = pgTable(
  'product_images',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    mediaKey: text()
      .notNull()
      .references(() => media.key),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] })],
)

/** A product characteristic (Marca, Tipo de piel...); `kind` image and video are left out of filters. */
export const characteristics = pgTable('characteristics', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull().unique(),
  kind: text({ enum: ['texto', 'imagen', 'video'] })
    .notNull()
    .default('texto'),
  position: integer().notNull().default(0),
})

export const productCharacteristics = pgTable(
  'product_characteristics',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    characteristicId: integer()
      .notNull()
      .references(() => characteristics.id, { onDelete: 'cascade' }),
    value: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.characteristicId, t.value] }), index().on(t.characteristicId, t.value)],
)

/**
 * What people say of a product: the comments the shop seeded, and the reviews of buyers whose order was delivered
 * (issue 35, decision 025), one per product and order. Only `publicada` ones are shown and counted (the trigger of
 * `sql/count_product_reviews.sql` keeps `products.review_count` and `rating_total` to them); a buyer's review waits
 * `pendiente` until the back office publishes or hides it (`oculta`).
 */
export const productComments = pgTable(
  'product_comments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** As shown: a buyer's first name and the initial of their surname ("Laura M."). */
    authorName: text().notNull(),
    text: text().notNull(),
    rating: integer().notNull(),
    /** The day it was written, in Colombia. */
    ratedOn: date().notNull(),
    /**
     * The order a buyer's review comes from ("Compra verificada"); null for the comments the shop seeded. With
     * `productId` it names a line of that order: the foreign key to `order_lines` is declared by the migration
     * (`0031`), since the orders sit above the catalogue and this file may not import them.
     */
    orderId: integer(),
    /** A buyer's review has one (up to 80 characters); the seeded comments have none. */
    title: text(),
    /** `publicada` (shown and counted), `pendiente` (waits for the back office) or `oculta` (hidden by it). */
    status: text().notNull().default('publicada'),
    /** The store's public answer under the review, and when it was written or last changed. */
    storeReply: text(),
    repliedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * A buyer's optional photo with the review (in `media`, WebP without metadata, at most 1600 px): changed only
     * while the review is pending, shown on the product's page only once it is published.
     */
    photoKey: text().references(() => media.key),
  },
  (t) => [
    index().on(t.productId),
    // Once per product and order: two reviews sent at once leave one.
    uniqueIndex('product_comments_one_per_order_line').on(t.orderId, t.productId).where(sql`${t.orderId} is not null`),
    // The back office's list: by state, newest first.
    index().on(t.status, t.createdAt),
    check('product_comments_rating_range', sql`${t.rating} between 1 and 5`),
    check('product_comments_status', sql`${t.status} in ('publicada', 'pendiente', 'oculta')`),
    check('product_comments_order_review_title', sql`${t.orderId} is null or ${t.title} is not null`),
    check('product_comments_reply', sql`(${t.storeReply} is null) = (${t.repliedAt} is null)`),
  ],
)

/**
 * Words the trade uses for the same thing ("bloqueador" and "protector solar"). Phrases of one
 * group stand for each other in searches; the shop extends the list by adding rows.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    groupName: text().notNull(),
    phrase: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupName, t.phrase] })],
)

/** Every word of the searchable product text, for correcting typos in queries (pg_trgm similarity). */
export const searchWords = pgTable('search_words', { word: text().primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
])

/**
 * Every change of a product's stock made from the back office (issue 17): units received, or a count
 * corrected. Each is a difference applied under the product row's lock, as orders take their units
 * (`reserve_stock`), never a number written over what orders took meanwhile. `personId` is the
 * administrator, with no foreign key: the record outlives the account.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** `recepcion` (units received) or `correccion` (a count corrected, up or down). */
    kind: text().notNull(),
    delta: integer().notNull(),
    before: integer().notNull(),
    after: integer().notNull(),
    note: text(),
    personId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.productId, t.createdAt),
    check('stock_movements_arithmetic', sql`${t.after} = ${t.before} + ${t.delta} and ${t.after} >= 0`),
    check('stock_movements_kind', sql`${t.kind} in ('recepcion', 'correccion')`),
  ],
)
