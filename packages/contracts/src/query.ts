import { z } from 'zod'
import { MAX_ID } from './values/constants'

/** Query-string integers arrive as text: accept "12", refuse "doce", "-1" and "1.5". */
export const queryInt = (name: string) =>
  z.coerce
    .number({ error: `${name} debe ser un número entero` })
    .int(`${name} debe ser un número entero`)
    .positive(`${name} debe ser mayor que 0`)
    .max(MAX_ID, `${name} es demasiado grande`)
