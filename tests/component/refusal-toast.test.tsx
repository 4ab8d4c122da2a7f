/**
 * A refusal reaches the learner in their language (DECISIONS "Wire"): pages on the real request layer, a fake
 * transport that answers like the server does (its catalogue, server/src/http/refusals.ts, in the language the
 * request names), and the toast the learner reads.
 */
import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setLocale } from '@/i18n'
import { request, resetRequestState } from '@/services/http/request'
import { setTransport } from '@/services/http/transport'
import { useSession } from '@/store/session'
import { refusalEnvelope } from '../../server/src/http/refusals'
import { type FakeCall, fakeServer, ok, seedTenant, user } from '../unit/fake-server'

vi.mock('@tarojs/taro', async (importOriginal) => (await import('../unit/taro-double')).pageTaro(importOriginal))

/** What the server answers: the refusal's key and its source wording put into the language the call names. */
const refuse = (code: number, source: string) => (c: FakeCall) =>
  refusalEnvelope(code, source, null, { 'accept-language': c.header['Accept-Language'] })

function fill(container: HTMLElement, cls: string, value: string) {
  const host = container.querySelector(`.${cls}`)
  if (!host) throw new Error(`no .${cls}`)
  const el = (host.querySelector('input') ?? host) as HTMLInputElement
  el.value = value
  fireEvent.input(el, { target: { value }, detail: { value } })
  host.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
}

const toasts = () => vi.mocked(Taro.showToast).mock.calls.map((c) => (c[0] as { title: string }).title)

beforeEach(() => {
  resetRequestState()
  seedTenant()
  useSession.getState().setLogin({ token: 'tok', userAccount: 'u1' })
})
afterEach(async () => {
  cleanup()
  setTransport(null)
  await setLocale('zh-CN')
})

describe('a refusal in the learner language', () => {
  it('change password: a wrong old password toasts 原密码不正确, not the server English', async () => {
    const { default: Pwd } = await import('@/features/account/pwd')
    fakeServer({
      'GET /app/user/getInfo': ok(user),
      'POST /app/user/updatePwd': refuse(400, 'oldPassword: old password is wrong'),
    })
    const { container } = render(<Pwd />)
    fill(container, 'pwd-old', 'Wrong1234')
    fill(container, 'pwd-new', 'Better1234')
    fill(container, 'pwd-new2', 'Better1234')
    await act(async () => {
      fireEvent.click(container.querySelector('.pwd-submit')!)
    })
    await waitFor(() => expect(toasts()).toContain('原密码不正确'))
    expect(toasts().join(' ')).not.toMatch(/oldPassword|wrong/)
  })

  it('the same refusal reads in English for a learner who chose English', async () => {
    await setLocale('en')
    const { default: Pwd } = await import('@/features/account/pwd')
    fakeServer({
      'GET /app/user/getInfo': ok(user),
      'POST /app/user/updatePwd': refuse(400, 'oldPassword: old password is wrong'),
    })
    const { container } = render(<Pwd />)
    fill(container, 'pwd-old', 'Wrong1234')
    fill(container, 'pwd-new', 'Better1234')
    fill(container, 'pwd-new2', 'Better1234')
    await act(async () => {
      fireEvent.click(container.querySelector('.pwd-submit')!)
    })
    await waitFor(() => expect(toasts()).toContain('The old password is wrong'))
  })

  it('a subpackage page translates the refusal by its key, whatever the msg (issue 26 step 5)', async () => {
    const { default: Pwd } = await import('@/features/account/pwd')
    fakeServer({
      'GET /app/user/getInfo': ok(user),
      // an old server's English, with the key: the key decides what the learner reads
      'POST /app/user/updatePwd': () => ({
        code: 400,
        msg: 'oldPassword: old password is wrong',
        data: null,
        key: 'refusal.account.oldPasswordWrong',
      }),
    })
    const { container } = render(<Pwd />)
    fill(container, 'pwd-old', 'Wrong1234')
    fill(container, 'pwd-new', 'Better1234')
    fill(container, 'pwd-new2', 'Better1234')
    await act(async () => {
      fireEvent.click(container.querySelector('.pwd-submit')!)
    })
    await waitFor(() => expect(toasts()).toContain('原密码不正确'))
  })

  it('shop, bank, exams, appointments and learning refusals toast in Chinese', async () => {
    fakeServer({
      'POST /base/cart/add': refuse(400, 'goodsId: already bought'),
      'POST /bank/record/save': refuse(610, 'this question bank is not yours: buy the goods to practise it'),
      'POST /apply/subscribe': refuse(625, '该场次已约满，请选择其他场次'),
      'POST /order/applyRefund': refuse(400, 'cancel the invoice of this order first'),
      'POST /study/record/save/video': refuse(612, 'this course is not yours: buy the goods to study it'),
      'POST /app/common/sms_login': refuse(400, 'telPhone: telPhone must be an 11-digit mobile number'),
    })
    for (const url of [
      '/base/cart/add',
      '/bank/record/save',
      '/apply/subscribe',
      '/order/applyRefund',
      '/study/record/save/video',
      '/app/common/sms_login',
    ])
      await request({ url, method: 'POST', data: {} }).catch(() => undefined)
    expect(toasts()).toEqual([
      '你已购买该商品，无需重复购买',
      '该题库需购买后才能练习',
      '该场次已约满，请选择其他场次',
      '请先取消该订单的发票申请，再申请退款',
      '购买后即可学习该课程',
      '请输入 11 位手机号',
    ])
  })
})
