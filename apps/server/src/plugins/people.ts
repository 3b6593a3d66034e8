import type { Db } from '../db'
import { findPersonIdsMatching, getPeople } from '../domains/accounts'
import type { MessagePeople } from '../domains/contact'

/**
 * What the back office's other domains need of the accounts and may not import themselves
 * (scripts/boundaries.test.ts): who a person is, from the id their records keep.
 */

/** The authors of stock movements, by their e-mail (catalogue's inventory). */
export const emailsOf = (db: Db) => async (ids: readonly number[]) =>
  new Map((await getPeople(db, ids)).map((person) => [person.id, person.email]))

/** The accounts behind the messages to the store: a logged-in shopper's message carries only their person id. */
export const messagePeople: MessagePeople = {
  namesOf: async (db, ids) =>
    new Map(
      (await getPeople(db, ids)).map((person) => [
        person.id,
        { name: `${person.firstNames} ${person.lastNames}`.trim(), email: person.email },
      ]),
    ),
  idsMatching: (db, text) => findPersonIdsMatching(db, text),
}
