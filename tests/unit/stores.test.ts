import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetRequestState } from '@/services/http/request'
import { setTransport } from '@/services/http/transport'
import { storage } from '@/services/storage'
import { dictLabel, groupDict, parseConfig, useApp } from '@/store/app'
import { isLoggedIn, useSession } from '@/store/session'
import { fakeServer, ok, seedTenant, user } from './fake-server'

const initialApp = useApp.getState()

beforeEach(() => {
  resetRequestState()
  seedTenant()
  useSession.getState().clear()
  useApp.setState(initialApp, true)
})
afterEach(() => setTransport(null))

describe('session store', () => {
  it('persists account and token and reads them back on start', async () => {
    useSession.getState().setLogin({ token: 'tok', userAccount: 'u1' })
    expect(storage.get('user_account')).toBe('u1')
    expect(storage.get('token')).toBe('tok')
    expect(isLoggedIn()).toBe(true)
    vi.resetModules()
    const fresh = await import('@/store/session')
    expect(fresh.useSession.getState()).toMatchObject({ userAccount: 'u1', token: 'tok' })
  })

  it('setUserInfo derives avatar and name', () => {
    useSession.getState().setUserInfo(user)
    expect(useSession.getState()).toMatchObject({ avatarUrl: 'https://img/a.png', userName: 'Nick' })
    useSession.getState().setUserInfo({ ...user, nickName: '' })
    expect(useSession.getState().userName).toBe('Real')
  })

  it('clear drops account, token, h5_code and user info', () => {
    useSession.getState().setLogin({ token: 'tok', userAccount: 'u1' })
    useSession.getState().setUserInfo(user)
    storage.set('h5_code', 'c')
    storage.set('uuid', 'device-uuid-1')
    useSession.getState().clear()
    expect(storage.get('user_account')).toBeNull()
    expect(storage.get('token')).toBeNull()
    expect(storage.get('h5_code')).toBeNull()
    expect(storage.get('uuid')).toBe('device-uuid-1')
    expect(useSession.getState()).toMatchObject({ userAccount: null, token: null, userInfo: null, userName: '' })
    expect(isLoggedIn()).toBe(false)
  })
})

describe('app store', () => {
  it('parseConfig parses JSON values and keeps a bad one as text', () => {
    expect(
      parseConfig([
        { configKey: 'home.header', configValue: '{"companyName":"A"}' },
        { configKey: 'flag', configValue: 'true' },
        { configKey: 'bad', configValue: '{oops' },
      ]),
    ).toEqual({ 'home.header': { companyName: 'A' }, flag: true, bad: '{oops' })
  })

  it('loadConfig fills header, consultation config, nav and hideBuyState', async () => {
    const consult = { consultationStatus: 1, serviceNumber: '400-1', shoppingCarStatus: 0 }
    fakeServer({
      'GET /app/common/config': ok([
        { configKey: 'home.header', configValue: JSON.stringify({ companyName: '安信' }) },
        { configKey: 'consult.mobile', configValue: JSON.stringify(consult) },
        { configKey: 'client.config', configValue: JSON.stringify({ hideBuyState: 1 }) },
        { configKey: 'home.mobile', configValue: JSON.stringify({ nav: [{ name: 'n' }], other: { x: 1 } }) },
        { configKey: 'home.footer.record', configValue: '"ICP 1"' },
      ]),
    })
    await useApp.getState().loadConfig()
    const s = useApp.getState()
    expect(s.header).toEqual({ companyName: '安信' })
    expect(s.consultMobile).toEqual(consult)
    // a platform rule: the school's website (H5, vitest's platform) sells (tests/unit/buy-rule.test.ts)
    expect(s.hideBuyState).toBe(false)
    expect(s.nav).toEqual([{ name: 'n' }])
    expect(s.other).toEqual({ x: 1 })
    expect(s.config['home.footer.record']).toBe('ICP 1')
  })

  it('loadConfig tolerates missing and malformed rows', async () => {
    fakeServer({ 'GET /app/common/config': ok([{ configKey: 'home.header', configValue: 'not json' }]) })
    await useApp.getState().loadConfig()
    expect(useApp.getState()).toMatchObject({ header: null, consultMobile: null, hideBuyState: false, nav: [] })
  })

  it('groups dictionary rows by type in dictSort order, with a label lookup', async () => {
    const rows = [
      { dictType: 'sex', dictLabel: '女', dictValue: '2', dictSort: 2 },
      { dictType: 'sex', dictLabel: '男', dictValue: '1', dictSort: 1 },
      { dictType: 'edu', dictLabel: '本科', dictValue: 'b', dictSort: 1 },
    ]
    expect(Object.keys(groupDict(rows))).toEqual(['sex', 'edu'])
    fakeServer({ 'GET /app/common/system/dict/data/list': ok(rows) })
    await useApp.getState().loadDict()
    const { dictObj } = useApp.getState()
    expect(dictObj.sex.map((r) => r.dictLabel)).toEqual(['男', '女'])
    expect(dictLabel(dictObj, 'sex', 2)).toBe('女')
    expect(dictLabel(dictObj, 'sex', '9')).toBe('')
    expect(dictLabel(dictObj, 'none', '1')).toBe('')
  })

  it('refreshBadges counts what the learner can open (messages, pending orders, letters to sign) and reads the cart total when logged in', async () => {
    useSession.getState().setLogin({ token: 'tok', userAccount: 'u1' })
    fakeServer({
      'GET /app/user/infoAttached': ok({ informSum: 2, orderSum: 1, periodSum: 3, planSum: 0, subscribeSum: 1 }),
      'GET /base/cart/list': ok({ rows: [], total: 5 }),
    })
    await useApp.getState().refreshBadges()
    expect(useApp.getState()).toMatchObject({
      tabNums: 4,
      pendingOrders: 1,
      unreadMessages: 2,
      lettersToSign: 1,
      shoppingNum: 5,
    })
  })

  it('refreshBadges: a failing cart call keeps the cart badge it had; logged out makes no calls', async () => {
    useSession.getState().setLogin({ token: 'tok', userAccount: 'u1' })
    useApp.setState({ shoppingNum: 2 })
    fakeServer({
      'GET /app/user/infoAttached': ok({ informSum: 0, orderSum: 1, periodSum: 0, planSum: 0, subscribeSum: 0 }),
      'GET /base/cart/list': { code: 500, msg: 'boom' },
    })
    await useApp.getState().refreshBadges()
    expect(useApp.getState()).toMatchObject({ tabNums: 1, shoppingNum: 2 })
    useSession.getState().clear()
    const srv = fakeServer({})
    await useApp.getState().refreshBadges()
    expect(srv.calls).toHaveLength(0)
    expect(useApp.getState()).toMatchObject({ tabNums: 0, shoppingNum: 0 })
  })

  it('tab index, tab show flag and scene', () => {
    useApp.getState().setCurrent(3)
    useApp.getState().setTabShow(false)
    useApp.getState().setScene(1011)
    expect(useApp.getState()).toMatchObject({ current: 3, tabShow: false, scene: 1011 })
    expect(storage.get('scene')).toBe(1011)
  })
})
