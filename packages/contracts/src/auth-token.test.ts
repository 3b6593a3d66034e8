import './zod-setup'
import { describe, expect, test } from 'vitest'
import { AuthTokenRequestSchema } from './auth-token'

describe('AuthTokenRequestSchema: a client key pair (spec 000 §7)', () => {
  test('takes both keys', () => {
    expect(AuthTokenRequestSchema.parse({ Key: 'cliente', ApiKey: 'secreto' })).toEqual({
      Key: 'cliente',
      ApiKey: 'secreto',
    })
  })

  test('names each empty key', () => {
    const issues = AuthTokenRequestSchema.safeParse({ Key: '', ApiKey: '' }).error?.issues
    expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['Key', 'Key es requerido'],
      ['ApiKey', 'ApiKey es requerido'],
    ])
  })
})
