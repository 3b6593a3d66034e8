import { afterEach, describe, expect, test, vi } from 'vitest'
import { BUSY_RETRY_DEFAULT_SECONDS, busyRetrySeconds, isAbortError, pause } from './busy-retry'

describe('the wait for a busy analysis queue', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  test('is the Retry-After seconds, kept within 1–60 s', () => {
    expect(['1', '7', ' 12 ', '0', '600'].map(busyRetrySeconds)).toEqual([1, 7, 12, 1, 60])
  })

  test('is 5 s when Retry-After is missing or not seconds', () => {
    expect(BUSY_RETRY_DEFAULT_SECONDS).toBe(5)
    for (const value of [undefined, null, '', 'pronto', '2.5', '-3', 'Wed, 21 Oct 2026 07:28:00 GMT']) {
      expect(busyRetrySeconds(value)).toBe(BUSY_RETRY_DEFAULT_SECONDS)
    }
  })

  test('ends when its time is up, or at once with an AbortError when the chat is closed', async () => {
    vi.useFakeTimers()
    const done = vi.fn()
    void pause(1000, undefined).then(done)
    await vi.advanceTimersByTimeAsync(999)
    expect(done).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toHaveBeenCalled()

    const chat = new AbortController()
    const waiting = pause(60_000, chat.signal)
    chat.abort()
    const error = await waiting.catch((reason: unknown) => reason)
    expect(isAbortError(error)).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
    expect(isAbortError(await pause(1000, chat.signal).catch((reason: unknown) => reason))).toBe(true)
  })
})
