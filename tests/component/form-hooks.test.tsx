import Taro from '@tarojs/taro'
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/services/api/account', () => ({ sendSms: vi.fn() }))

const account = await import('@/services/api/account')
const { useSmsCode } = await import('@/features/account/form/use-sms-code')
const { useSubmit } = await import('@/components/form/use-submit')

/** A promise the test settles by hand, to hold a request in flight. */
function deferred() {
  let resolve!: () => void
  let reject!: (e: unknown) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('useSmsCode', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.mocked(account.sendSms).mockResolvedValue(null)
  })
  afterEach(() => vi.useRealTimers())

  it('sends one SMS for a double send in the same tick', async () => {
    const { result } = renderHook(() => useSmsCode('register'))
    let sent: boolean[] = []
    await act(async () => {
      const send = result.current.send
      sent = await Promise.all([send(' 13812345678 '), send('13812345678')])
    })
    expect(sent).toEqual([true, false])
    expect(account.sendSms).toHaveBeenCalledTimes(1)
    expect(account.sendSms).toHaveBeenCalledWith('register', '13812345678')
    expect(Taro.showToast).toHaveBeenCalledTimes(1)
    expect(result.current.left).toBe(60)
    expect(result.current.sending).toBe(false)
  })

  it('blocks a resend while the countdown runs, allows it after 60 s', async () => {
    const { result } = renderHook(() => useSmsCode('login'))
    await act(async () => {
      await result.current.send('13812345678')
    })
    act(() => vi.advanceTimersByTime(30_000))
    expect(result.current.left).toBe(30)
    let again = true
    await act(async () => {
      again = await result.current.send('13812345678')
    })
    expect(again).toBe(false)
    expect(account.sendSms).toHaveBeenCalledTimes(1)

    act(() => vi.advanceTimersByTime(30_000))
    expect(result.current.left).toBe(0)
    await act(async () => {
      again = await result.current.send('13812345678')
    })
    expect(again).toBe(true)
    expect(account.sendSms).toHaveBeenCalledTimes(2)
  })

  it('returns false on a failed send and starts no countdown', async () => {
    vi.mocked(account.sendSms).mockRejectedValueOnce(new Error('rate limited'))
    const { result } = renderHook(() => useSmsCode('forget'))
    let ok = true
    await act(async () => {
      ok = await result.current.send('13812345678')
    })
    expect(ok).toBe(false)
    expect(result.current.left).toBe(0)
    expect(result.current.sending).toBe(false)
    expect(Taro.showToast).not.toHaveBeenCalled()
    // the button is usable again at once
    await act(async () => {
      ok = await result.current.send('13812345678')
    })
    expect(ok).toBe(true)
    expect(account.sendSms).toHaveBeenCalledTimes(2)
  })
})

describe('useSubmit', () => {
  it('refuses a second run while one is in flight, busy until it settles', async () => {
    const { result } = renderHook(() => useSubmit())
    const gate = deferred()
    const task = vi.fn(() => gate.promise)
    let first!: Promise<void>
    act(() => {
      first = result.current.run(task)
      void result.current.run(task) // same tick: refused by the ref
    })
    expect(result.current.submitting).toBe(true)
    await act(async () => {
      await result.current.run(task) // later, still in flight: refused
    })
    expect(task).toHaveBeenCalledTimes(1)
    await act(async () => {
      gate.resolve()
      await first
    })
    expect(result.current.submitting).toBe(false)
    await act(async () => {
      await result.current.run(async () => undefined)
    })
    expect(result.current.submitting).toBe(false)
  })

  it('calls onError on a failure, swallows the error and frees the form', async () => {
    const { result } = renderHook(() => useSubmit())
    const onError = vi.fn(async () => undefined)
    await act(async () => {
      await expect(
        result.current.run(async () => {
          throw new Error('toasted by the request layer')
        }, onError),
      ).resolves.toBeUndefined()
    })
    expect(onError).toHaveBeenCalledTimes(1)
    expect(result.current.submitting).toBe(false)
    const task = vi.fn(async () => undefined)
    await act(async () => {
      await result.current.run(task, onError)
    })
    expect(task).toHaveBeenCalledTimes(1)
    expect(onError).toHaveBeenCalledTimes(1)
  })
})
