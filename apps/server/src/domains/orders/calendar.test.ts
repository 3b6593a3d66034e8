import { describe, expect, test } from 'vitest'
import { colombianHolidays, isBusinessDay, withdrawalTerm } from './calendar'

/**
 * Colombia's holidays as the Ministerio del Trabajo publishes them: the fixed dates, Easter's
 * (Holy Thursday and Good Friday), and the Ley Emiliani dates moved to the following Monday
 * (Ascensión, Corpus Christi and Sagrado Corazón are Easter + 43, 64 and 71 days). Easter: 20 Apr
 * 2025, 5 Apr 2026, 28 Mar 2027, 16 Apr 2028, 1 Apr 2029, 21 Apr 2030.
 */
// biome-ignore format: one year per row
const OFFICIAL: Record<number, string[]> = {
  2025: ['01-01', '01-06', '03-24', '04-17', '04-18', '05-01', '06-02', '06-23', '06-30', '07-20', '08-07', '08-18', '10-13', '11-03', '11-17', '12-08', '12-25'],
  2026: ['01-01', '01-12', '03-23', '04-02', '04-03', '05-01', '05-18', '06-08', '06-15', '06-29', '07-20', '08-07', '08-17', '10-12', '11-02', '11-16', '12-08', '12-25'],
  2027: ['01-01', '01-11', '03-22', '03-25', '03-26', '05-01', '05-10', '05-31', '06-07', '07-05', '07-20', '08-07', '08-16', '10-18', '11-01', '11-15', '12-08', '12-25'],
  2028: ['01-01', '01-10', '03-20', '04-13', '04-14', '05-01', '05-29', '06-19', '06-26', '07-03', '07-20', '08-07', '08-21', '10-16', '11-06', '11-13', '12-08', '12-25'],
  2029: ['01-01', '01-08', '03-19', '03-29', '03-30', '05-01', '05-14', '06-04', '06-11', '07-02', '07-20', '08-07', '08-20', '10-15', '11-05', '11-12', '12-08', '12-25'],
  2030: ['01-01', '01-07', '03-25', '04-18', '04-19', '05-01', '06-03', '06-24', '07-01', '07-20', '08-07', '08-19', '10-14', '11-04', '11-11', '12-08', '12-25'],
}

describe('Colombian holidays for any year', () => {
  test.each(Object.entries(OFFICIAL))('%s: the official list, day by day', (year, days) => {
    expect([...colombianHolidays(Number(year))].sort()).toEqual(days.map((day) => `${year}-${day}`))
  })

  test('a holiday on a weekday is not a business day; the Monday after a moved holiday is', () => {
    expect(isBusinessDay('2028-03-20')).toBe(false) // San José, moved from Sunday the 19th
    expect(isBusinessDay('2028-03-21')).toBe(true)
    expect(isBusinessDay('2030-04-19')).toBe(false) // Good Friday
    expect(isBusinessDay('2031-12-08')).toBe(false) // past any hand-written list
    expect(isBusinessDay('2028-03-18')).toBe(false) // Saturday
  })
})

describe('the withdrawal term (Ley 1480 art. 47): five business days from the day after the delivery', () => {
  test('over Holy Week 2029 the term skips Holy Thursday and Good Friday', () => {
    // Delivered Monday 26 March 2029 at noon in Colombia: 27, 28 Mar, (29, 30 holidays, 31 and 1 weekend) 2, 3, 4 Apr.
    const { lastDay, endsAt } = withdrawalTerm(new Date('2029-03-26T17:00:00Z'))
    expect(lastDay).toBe('2029-04-04')
    expect(endsAt.toISOString()).toBe('2029-04-05T05:00:00.000Z')
  })

  test('a delivery late on a Friday evening in Colombia counts from its Colombian date', () => {
    // 23:30 on Friday 10 November 2028 in Colombia is already Saturday in UTC; Monday the 13th is a holiday.
    expect(withdrawalTerm(new Date('2028-11-11T04:30:00Z')).lastDay).toBe('2028-11-20')
  })
})
