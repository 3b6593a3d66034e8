import { z } from 'zod'

/**
 * A backup's file name: `piel-respaldo-` then the UTC moment it was made (`20261127-224500Z`)
 * and `.tar.gz`. Names sort by date; nothing else in the backup folder is ever listed.
 */
export const BACKUP_NAME_PATTERN = /^piel-respaldo-\d{8}-\d{6}Z(-\d+)?\.tar\.gz$/

export const BACKUP_ORIGINS = ['programado', 'manual', 'consola'] as const
export type BackupOrigin = (typeof BACKUP_ORIGINS)[number]

/** One complete, checked backup of the database and the photos. */
export const BackupSchema = z.object({
  nombre: z.string().describe('El nombre del archivo, por ejemplo piel-respaldo-20261127-224500Z.tar.gz'),
  creado: z.string().describe('ISO 8601'),
  bytes: z.number().int().describe('El tamaño del archivo'),
  baseDeDatos: z.enum(['pglite', 'postgres']).describe('La base de la que se sacó'),
  fotos: z.number().int().describe('Cuántas fotos lleva (con PostgreSQL las fotos van dentro de la base)'),
  origen: z.enum(BACKUP_ORIGINS).describe('programado, manual (desde la oficina) o consola (npm run backup)'),
})
export type Backup = z.infer<typeof BackupSchema>

/** `GET admin/respaldos`: the backups kept, newest first, and the schedule. */
export const BackupListSchema = z.object({
  respaldos: z.array(BackupSchema),
  cadaHoras: z.number().nullable().describe('Cada cuántas horas se hace uno solo (null: no se programan)'),
  conservar: z.number().int().describe('Cuántos se conservan; los más viejos se borran'),
  proximo: z.string().nullable().describe('ISO 8601: cuándo toca el siguiente programado (null: no se programan)'),
  enCurso: z.boolean().describe('Si se está haciendo uno en este momento'),
})
export type BackupList = z.infer<typeof BackupListSchema>

/** `GET admin/respaldos/{nombre}` (the download). */
export const BackupNameParamsSchema = z.object({
  nombre: z
    .string()
    .regex(BACKUP_NAME_PATTERN, 'nombre debe ser el de un respaldo, por ejemplo piel-respaldo-20261127-224500Z.tar.gz'),
})
