import type {
  CardPaymentSchema,
  OrderPaymentState,
  PaymentOutcome,
  PseBank,
  PsePaymentSchema,
  WidgetCheckout,
  WompiSettings,
} from '@piel/contracts'
import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import { ApiError, api } from '@/lib/api-client'
import { personQueryKey } from '@/lib/session'

/** The payment calls of spec 001 §7 (store API and Wompi through the shop's server). */
export const paymentsApi = {
  /** `POST Wompi/GenerateSignature`: reference, amount and integrity signature for the widget. */
  generateSignature: (orderId: number) =>
    api.post<WidgetCheckout>('/Wompi/GenerateSignature', { body: { idOrden: orderId } }),
  /** `POST Wompi/PaymentCompleted`: the widget ended; the server reads the transaction from Wompi. */
  paymentCompleted: (orderId: number, transactionId: string) =>
    api.post<PaymentOutcome>('/Wompi/PaymentCompleted', { body: { orderId, transactionId } }),
  /** `POST pago/PagarConTarjeta` with a card token made in this browser. */
  payWithCard: (body: z.input<typeof CardPaymentSchema>) => api.post<PaymentOutcome>('/pago/PagarConTarjeta', { body }),
  /** `POST pago/PagarConPse`: pending, with the bank's page in `urlSalida`. */
  payWithPse: (body: z.input<typeof PsePaymentSchema>) => api.post<PaymentOutcome>('/pago/PagarConPse', { body }),
  /** `POST Wompi/CreateTransaction` for Nequi: a push to the shopper's app. */
  payWithNequi: (orderId: number, phoneNumber: string) =>
    api.post<PaymentOutcome>('/Wompi/CreateTransaction', {
      body: { OrderId: orderId, PaymentMethod: { Type: 'NEQUI', PhoneNumber: phoneNumber }, AceptaTerminos: true },
    }),
  /** `POST pago/PagoEnEfectivo`: the server takes the address of the connection, so `IpOrigen` is not sent. */
  payWithCash: (orderId: number) =>
    api.post<PaymentOutcome>('/pago/PagoEnEfectivo', {
      query: { IdOrden: orderId, AceptaTerminos: true },
    }),
}

/** A refused call (4xx) is an answer to show, not a failure to retry. */
const retryUnlessRefused = (failures: number, error: Error) =>
  failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500)

export const paymentsQueries = {
  /** `GET Wompi/Configuracion`: public key, Wompi's addresses and links, test mode. */
  settings: () =>
    queryOptions({
      queryKey: ['payments', 'settings'],
      queryFn: ({ signal }) => api.get<WompiSettings>('/Wompi/Configuracion', { signal }),
      staleTime: 10 * 60_000,
      retry: retryUnlessRefused,
    }),

  /** `GET Pago/ObtenerBancosPse?idTienda`: the banks PSE offers. */
  pseBanks: (storeId: number) =>
    queryOptions({
      queryKey: ['payments', 'pse-banks', storeId],
      queryFn: async ({ signal }) => {
        const banks = await api.get<PseBank[]>('/Pago/ObtenerBancosPse', {
          query: { idTienda: storeId },
          signal,
        })
        // Wompi's list starts with a "choose your bank" entry (code 0) that is no bank.
        return banks.filter((bank) => bank.pseCode !== '0')
      },
      staleTime: 10 * 60_000,
      retry: retryUnlessRefused,
    }),

  /** `GET pago/EstadoPago/{id}?verificar=true`: the server asks Wompi about a pending payment before answering. */
  state: (personId: number, orderId: number) =>
    queryOptions({
      queryKey: personQueryKey(personId, 'payments', orderId),
      queryFn: ({ signal }) =>
        api.get<OrderPaymentState>(`/pago/EstadoPago/${orderId}`, {
          query: { verificar: true },
          signal,
        }),
      retry: retryUnlessRefused,
      staleTime: 0,
    }),

  /** `GET Wompi/VerifyTransaction/{id}`: the transaction as the server reads it from Wompi. */
  transaction: (personId: number, transactionId: string) =>
    queryOptions({
      queryKey: personQueryKey(personId, 'payments', 'transaction', transactionId),
      queryFn: ({ signal }) =>
        api.get<PaymentOutcome>(`/Wompi/VerifyTransaction/${encodeURIComponent(transactionId)}`, {
          signal,
        }),
      retry: retryUnlessRefused,
      staleTime: 0,
      gcTime: 0,
    }),
}
