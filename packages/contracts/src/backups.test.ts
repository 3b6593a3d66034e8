import './zod-setup'
import { describe, expect, test } from 'vitest'
import { BACKUP_NAME_PATTERN, BackupNameParamsSchema } from './backups'

describe('a backup’s file name: piel-respaldo-<UTC moment>.tar.gz', () => {
  test.each([
    ['piel-respaldo-20261127-224500Z.tar.gz', true],
    ['piel-respaldo-20261127-224500Z-2.tar.gz', true],
    ['piel-respaldo-20261127-224500.tar.gz', false],
    ['piel-respaldo-2026-11-27.tar.gz', false],
    ['piel-respaldo-20261127-224500Z.zip', false],
    ['../piel-respaldo-20261127-224500Z.tar.gz', false],
    ['piel-respaldo-20261127-224500Z.tar.gz/../../etc/passwd', false],
    ['otro-20261127-224500Z.tar.gz', false],
  ])('%s → %s', (name, matches) => {
    expect(BACKUP_NAME_PATTERN.test(name)).toBe(matches)
  })

  test('the download refuses any other name with an example of a good one', () => {
    expect(BackupNameParamsSchema.parse({ nombre: 'piel-respaldo-20261127-224500Z.tar.gz' })).toEqual({
      nombre: 'piel-respaldo-20261127-224500Z.tar.gz',
    })
    expect(BackupNameParamsSchema.safeParse({ nombre: 'datos.sql' }).error?.issues[0]?.message).toBe(
      'nombre debe ser el de un respaldo, por ejemplo piel-respaldo-20261127-224500Z.tar.gz',
    )
  })
})
