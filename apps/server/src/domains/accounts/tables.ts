import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/** A registered person (spec 000 §3 "User"). The password is kept only as an scrypt hash. */
export const persons = pgTable(
  'persons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Subject at the social identity provider (`google:<sub>`), for social sign-in. */
    uid: text(),
    email: text().notNull(),
    firstNames: text().notNull(),
    lastNames: text().notNull(),
    birthDate: date(),
    /** 0 female, 1 male (spec 000 §3). */
    genderId: integer(),
    /** CC, CE... */
    documentType: text(),
    documentNumber: text(),
    /** Colombian mobile, E.164 (+573001234567). */
    phone: text(),
    /** BASICO for e-mail sign-up, Explorador for social sign-up. */
    level: text().notNull().default('BASICO'),
    totalPoints: integer().notNull().default(0),
    profileId: integer().notNull().default(1),
    profileName: text().notNull().default('Usuario'),
    passwordHash: text(),
    /** The person logged in with a temporary password sent by e-mail and must choose a new one. */
    hasTemporaryPassword: boolean().notNull().default(false),
    /**
     * A temporary password from a recovery request, valid until `temporaryPasswordExpiresAt`. It
     * works beside the password (which keeps working), so a stranger asking for a recovery of
     * someone's e-mail cannot lock them out.
     */
    temporaryPasswordHash: text(),
    temporaryPasswordExpiresAt: timestamp({ withTimezone: true }),
    originIp: text(),
    deviceToken: text(),
    acceptedTerms: boolean().notNull().default(true),
    authorizedDataTreatment: boolean().notNull().default(true),
    isCorporateClient: boolean().notNull().default(false),
    nit: text(),
    /** Set only by the shop (admin API or `npm run admin`), never by the person. */
    isAuthorizedCorporate: boolean().notNull().default(false),
    isAdmin: boolean().notNull().default(false),
    registeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('persons_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('persons_uid_unique').on(t.uid),
    check('persons_gender_values', sql`${t.genderId} is null or ${t.genderId} in (0, 1)`),
  ],
)

/** Server-side sessions; the cookie carries a random token whose SHA-256 is the key here. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text().primaryKey(),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** Sent back by the web app in the X-CSRF-Token header on every state-changing call. */
    csrfToken: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    userAgent: text(),
    ip: text(),
  },
  (t) => [index().on(t.personId), index().on(t.expiresAt)],
)

/** Failed logins per account and per client address, for rate limiting. */
export const loginThrottles = pgTable('login_throttles', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp({ withTimezone: true }),
})
