import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./apps/server/src/domains/*/tables.ts', './apps/server/src/shared/tables.ts'],
  out: './apps/server/drizzle',
  casing: 'snake_case',
})
