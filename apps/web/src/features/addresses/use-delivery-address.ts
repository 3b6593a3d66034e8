import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { addressesQueries } from './api'

/**
 * Where an order goes: the person's addresses and the one chosen. Until the shopper picks one, the main address (or
 * the only one) is chosen for them; a chosen address that disappears from the list is forgotten.
 */
export function useDeliveryAddress(personId: number) {
  const addresses = useQuery(addressesQueries.list(personId))
  const [chosen, setChosen] = useState<number | null>(null)
  const list = addresses.data ?? []
  const chosenExists = chosen !== null && list.some((address) => address.idDireccionPersona === chosen)
  const fallback = list.find((address) => address.esPrincipal === 'Si') ?? (list.length === 1 ? list[0] : undefined)
  return {
    addresses,
    list,
    /** The address id the order goes to, or null while there is none to choose. */
    selected: chosenExists ? chosen : (fallback?.idDireccionPersona ?? null),
    choose: setChosen,
  }
}

export type DeliveryAddressChoice = ReturnType<typeof useDeliveryAddress>
