import Taro, { useDidShow, useLoad, useReachBottom, useRouter } from '@tarojs/taro'
import { act, render } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { firePageEvent, setRouter } from './taro-double'

function Probe() {
  const router = useRouter()
  const [log, setLog] = useState<string[]>([])
  useLoad((p) => setLog((l) => [...l, `load:${p.id}`]))
  useDidShow(() => setLog((l) => [...l, 'show']))
  useReachBottom(() => setLog((l) => [...l, 'bottom']))
  return <div data-testid="out">{`${router.params.id}|${log.join(',')}`}</div>
}

describe('the @tarojs/taro test double', () => {
  it('gives components router params and page lifecycle hooks', async () => {
    setRouter('/pages2/x/index', { id: '42' })
    const view = render(<Probe />)
    expect(view.getByTestId('out').textContent).toBe('42|load:42,show')
    await act(() => firePageEvent('reachBottom'))
    expect(view.getByTestId('out').textContent).toBe('42|load:42,show,bottom')
    expect(Taro.getCurrentInstance().router?.params).toEqual({ id: '42' })
  })
})
