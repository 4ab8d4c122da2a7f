/**
 * Issue 16: the news list (category tabs, paging, pull-down refresh, a banner's category), the counselor page's
 * articles, the study ranking (measure tabs, my standing pinned, masked names), the enrolment profile pages (my
 * goods, the form with its checks and photo upload, the stamp words with the signature), against a fake server.
 */
import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { firePageEvent, memoryStorage, setRouter } from '../unit/taro-double'

vi.mock('@/services/upload', () => ({
  chooseAndUploadImages: vi.fn(),
  uploadImage: vi.fn(),
  UploadError: class UploadError extends Error {},
}))

const upload = await import('@/services/upload')
const { storage } = await import('@/services/storage')
const { useSession } = await import('@/store/session')
const { useApp } = await import('@/store/app')
const { fakeServer, ok, seedTenant } = await import('../unit/fake-server')
const { idCardCheckChar } = await import('../../shared/rules/id-card')
const { default: NewsList } = await import('@/features/news/news/index')
const { default: Counselor } = await import('@/features/consultation/counselor/index')
const { default: Ranking } = await import('@/features/ranking/ranking/index')
const { default: ProfileList } = await import('@/features/profile/profile/index')
const { default: ProfileFormPage } = await import('@/features/profile/profile/form')
const { default: ProfileStamp } = await import('@/features/profile/profile/stamp')

const $ = (c: HTMLElement, sel: string) => c.querySelector(sel) as HTMLElement | null
const $$ = (c: HTMLElement, sel: string) => [...c.querySelectorAll(sel)] as HTMLElement[]
/** Type into a Taro Input / Textarea: H5 renders a native control inside the host element (or the host itself). */
function fill(c: HTMLElement, sel: string, value: string) {
  const host = $(c, sel)
  if (!host) throw new Error(`no ${sel}`)
  const el = (host.querySelector('input, textarea') ?? host) as HTMLInputElement
  act(() => {
    el.value = value
    fireEvent.input(el, { target: { value }, detail: { value } })
    host.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
  })
}
const inputValue = (c: HTMLElement, sel: string) => {
  const host = $(c, sel) as (HTMLElement & { value?: string }) | null
  return (host?.querySelector('input') as HTMLInputElement | null)?.value ?? host?.value ?? ''
}

function click(c: HTMLElement, sel: string) {
  const el = $(c, sel)
  if (!el) throw new Error(`no ${sel}`)
  fireEvent.click(el)
}

const CATS = [
  { id: 11, name: '考试动态' },
  { id: 12, name: '政策法规' },
]
const article = (id: number, categoryId: number | null = 11) => ({
  id,
  title: `资讯标题 ${id}`,
  summary: `摘要 ${id}`,
  cover: '',
  publishTime: 1_750_000_000,
  views: id,
  categoryId,
})

beforeEach(() => {
  memoryStorage.clear()
  seedTenant('1001')
  vi.mocked(Taro.navigateTo).mockClear()
  vi.mocked(Taro.redirectTo).mockClear()
  vi.mocked(Taro.showToast).mockClear()
  setRouter('/pages/index/index')
})
afterEach(() => cleanup())

function login() {
  storage.set('user_account', 'u1')
  useSession.setState({ userAccount: 'u1', token: 't' })
}

// ---------------------------------------------------------------- news
describe('news list', () => {
  /** 25 articles in 考试动态, 0 in 政策法规 */
  function newsServer(fail = false) {
    return fakeServer({
      'GET /app/consultation/list': (req) => {
        if (fail) return 'fail'
        const cat = Number(req.query.get('categoryId') ?? 0)
        const page = Number(req.query.get('pageNum'))
        const size = Number(req.query.get('pageSize'))
        const all = cat === 12 ? [] : Array.from({ length: 25 }, (_, i) => article(100 - i))
        return ok({ rows: all.slice((page - 1) * size, page * size), total: all.length, categories: CATS })
      },
    })
  }

  it('shows every article under 全部, then a category; pages on reaching the bottom', async () => {
    const srv = newsServer()
    setRouter('/pages3/news/index', {})
    const { container } = render(<NewsList />)
    await waitFor(() => expect($$(container, '.news-row')).toHaveLength(10))
    expect($$(container, '.news-tab').map((t) => t.textContent)).toEqual(['全部', '考试动态', '政策法规'])
    expect($(container, '.news-tab.is-active')?.textContent).toBe('全部')
    await act(() => firePageEvent('reachBottom'))
    await waitFor(() => expect($$(container, '.news-row')).toHaveLength(20))
    await act(() => firePageEvent('reachBottom'))
    await waitFor(() => expect($$(container, '.news-row')).toHaveLength(25))
    expect($(container, '.news-more')?.textContent).toBe('没有更多了')
    const before = srv.count('GET /app/consultation/list')
    await act(() => firePageEvent('reachBottom'))
    expect(srv.count('GET /app/consultation/list')).toBe(before)
    // a row opens its article
    fireEvent.click($$(container, '.news-row')[0]!)
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages3/news/detail?id=100' })
    // an empty category says so and offers every article
    fireEvent.click($$(container, '.news-tab')[2]!)
    await waitFor(() => expect(container.textContent).toContain('该分类下暂无资讯'))
    expect(srv.of('GET /app/consultation/list').at(-1)!.query.get('categoryId')).toBe('12')
    click(container, '.empty-action')
    await waitFor(() => expect($$(container, '.news-row')).toHaveLength(10))
    expect(srv.of('GET /app/consultation/list').at(-1)!.query.get('categoryId')).toBeNull()
  })

  it('pull-down refresh reads page 1 again; a failure shows retry', async () => {
    const srv = newsServer()
    setRouter('/pages3/news/index', {})
    const { container } = render(<NewsList />)
    await waitFor(() => expect($$(container, '.news-row')).toHaveLength(10))
    await act(() => firePageEvent('pullDownRefresh'))
    expect(srv.of('GET /app/consultation/list').at(-1)!.query.get('pageNum')).toBe('1')
    expect(Taro.stopPullDownRefresh).toHaveBeenCalled()
    cleanup()
    newsServer(true)
    const again = render(<NewsList />)
    await waitFor(() => expect(again.container.textContent).toContain('加载失败'))
    newsServer()
    click(again.container, '.empty-action')
    await waitFor(() => expect($$(again.container, '.news-row')).toHaveLength(10))
  })

  it('a banner naming a category opens on that tab', async () => {
    const srv = newsServer()
    setRouter('/pages3/news/index', { category: encodeURIComponent('考试动态') })
    const { container } = render(<NewsList />)
    await waitFor(() => expect($(container, '.news-tab.is-active')?.textContent).toBe('考试动态'))
    await waitFor(() => expect($$(container, '.news-row').length).toBeGreaterThan(0))
    expect(srv.of('GET /app/consultation/list').at(-1)!.query.get('categoryId')).toBe('11')
  })
})

/** the counselor page's service settings: chat and hotline on */
const CONSULT = {
  consultationStatus: 1,
  serviceHotlineStatus: 1,
  servicingTime: '08:30-21:00',
  serviceNumber: '400-820-1001',
  serviceWechatStatus: 0,
  serviceWechatImg: '',
  serviceWechatNumber: '',
  shoppingCarStatus: 1,
}

describe('counselor page articles', () => {
  it('lists the newest articles under the service cards; each opens, and the way to all news', async () => {
    useApp.setState({ consultMobile: CONSULT })
    const srv = fakeServer({
      'GET /app/consultation/list': ok({ rows: [article(7), article(6)], total: 9, categories: CATS }),
    })
    const { container } = render(<Counselor />)
    await waitFor(() => expect($$(container, '.counselor-article')).toHaveLength(2))
    expect($(container, '.counselor-hotline')).not.toBeNull()
    expect(srv.of('GET /app/consultation/list')[0]!.query.get('pageSize')).toBe('5')
    fireEvent.click($$(container, '.counselor-article')[1]!)
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages3/news/detail?id=6' })
    click(container, '.counselor-articles-all')
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages3/news/index' })
  })

  it("shows a logged-in learner the school's introduction, address and email (copied on tap); a visitor none", async () => {
    useApp.setState({ consultMobile: CONSULT })
    const school = {
      name: '安信职业培训学校',
      logo: '',
      address: '上海市浦东新区张江路 100 号',
      hotline: '400-820-1001',
      hours: '08:30-21:00',
      email: 'service@a.xuexi-demo.com',
      intro: '专注安全生产与建造师培训。',
      updateTime: null,
      editable: false,
    }
    const srv = fakeServer({
      'GET /app/consultation/list': ok({ rows: [], total: 0, categories: [] }),
      'GET /school/info/getInfo': ok(school),
    })
    const visitor = render(<Counselor />)
    await waitFor(() => expect($(visitor.container, '.counselor-hotline')).not.toBeNull())
    expect($(visitor.container, '.counselor-school')).toBeNull()
    expect(srv.of('GET /school/info/getInfo')).toHaveLength(0)
    visitor.unmount()

    act(() => useSession.setState({ userAccount: '13800000001', token: 't' }))
    const { container } = render(<Counselor />)
    await waitFor(() => expect($(container, '.counselor-school')).not.toBeNull())
    expect($(container, '.counselor-school-intro')?.textContent).toBe(school.intro)
    click(container, '.counselor-school-address')
    expect(Taro.setClipboardData).toHaveBeenLastCalledWith({ data: school.address })
    expect($(container, '.counselor-school-email')?.textContent).toContain(school.email)
  })

  it('an article failure does not hide the service, and retries on tap', async () => {
    let fail = true
    fakeServer({
      'GET /app/consultation/list': () => (fail ? 'fail' : ok({ rows: [article(1)], total: 1, categories: [] })),
    })
    const { container } = render(<Counselor />)
    await waitFor(() => expect($(container, '.counselor-articles-retry')).not.toBeNull())
    expect($(container, '.counselor-hotline')).not.toBeNull()
    fail = false
    click(container, '.counselor-articles-retry')
    await waitFor(() => expect($$(container, '.counselor-article')).toHaveLength(1))
  })
})

// ---------------------------------------------------------------- ranking
describe('study ranking', () => {
  const row = (rank: number, name: string, over: Record<string, unknown> = {}) => ({
    rank,
    userName: name,
    avatar: '',
    score: 0,
    timeSpentSeconds: 0,
    me: false,
    studySeconds: 7200,
    questionNum: 40,
    rightRate: 87.5,
    ...over,
  })

  it('shows the board by study time with my standing pinned; a tab asks for its measure', async () => {
    login()
    const srv = fakeServer({
      'GET /app/user/getInfo': ok(null),
      'GET /app/user/rankingList': (req) => {
        const by = req.query.get('by')
        if (by === 'rate')
          return ok({
            rows: [row(1, '王*', { score: 100 })],
            mine: row(0, '张*', { me: true, rightRate: 50 }),
            total: 1,
          })
        return ok({
          rows: [row(1, '欧*', { score: 9000, studySeconds: 9000 }), row(2, '张*', { score: 5400, me: true })],
          mine: row(2, '张*', { score: 5400, studySeconds: 5400, me: true }),
          total: 2,
        })
      },
    })
    const { container } = render(<Ranking />)
    await waitFor(() => expect($$(container, '.rk-row')).toHaveLength(2))
    const q = srv.of('GET /app/user/rankingList')[0]!.query
    expect([q.get('by'), q.get('period'), q.get('examId')]).toEqual(['hours', 'week', null])
    expect($(container, '.rk-mine-rank')?.textContent).toBe('第 2 名')
    expect($(container, '.rk-mine-value')?.textContent).toBe('1.5 小时')
    expect($$(container, '.rk-name').map((n) => n.textContent)).toEqual(['欧*', '张*'])
    expect($(container, '.rk-row.is-me .rk-name')?.textContent).toBe('张*')
    click(container, '.rk-tab-rate')
    await waitFor(() => expect($(container, '.rk-mine-rank')?.textContent).toBe('未上榜'))
    expect($(container, '.rk-mine-detail')?.textContent).toContain('作答满 20 题')
    expect($(container, '.rk-row .rk-value')?.textContent).toBe('100%')
    click(container, '.rk-period-all')
    await waitFor(() => expect(srv.of('GET /app/user/rankingList').at(-1)!.query.get('period')).toBe('all'))
  })

  it('a ranked learner with less than a minute (a short live class) reads "不到 1 分钟", never "第 1 名 0 分钟"', async () => {
    login()
    fakeServer({
      'GET /app/user/getInfo': ok(null),
      'GET /app/user/rankingList': () =>
        ok({
          rows: [row(1, '张*', { score: 42, studySeconds: 42, me: true })],
          mine: row(1, '张*', { score: 42, studySeconds: 42, me: true }),
          total: 1,
        }),
    })
    const { container } = render(<Ranking />)
    await waitFor(() => expect($(container, '.rk-mine-rank')?.textContent).toBe('第 1 名'))
    expect($(container, '.rk-mine-value')?.textContent).toBe('不到 1 分钟')
  })

  it('an empty board and a failure each say so', async () => {
    login()
    let fail = false
    fakeServer({
      'GET /app/user/getInfo': ok(null),
      'GET /app/user/rankingList': () =>
        fail ? 'fail' : ok({ rows: [], mine: row(0, '张*', { me: true }), total: 0 }),
    })
    const { container } = render(<Ranking />)
    await waitFor(() => expect(container.textContent).toContain('暂无排名'))
    fail = true
    click(container, '.rk-tab-questions')
    await waitFor(() => expect(container.textContent).toContain('加载失败'))
  })

  it('needs a login', () => {
    useSession.setState({ userAccount: null, token: null })
    render(<Ranking />)
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages4/login/login?isBack=1' })
  })
})

// ---------------------------------------------------------------- enrolment profile
const FIELDS = [
  { key: 'realName', label: '姓名', type: 'text', required: true },
  { key: 'idCard', label: '身份证号', type: 'idCard', required: true },
  { key: 'education', label: '学历', type: 'select', required: true, options: ['大专', '本科'] },
  { key: 'photo', label: '一寸证件照', type: 'image', required: true },
  { key: 'employer', label: '工作单位', type: 'text', required: false },
]
const TEMPLATE = {
  templateId: 1,
  goodsId: 5,
  goodsName: '安全员全程班',
  title: '安全员全程班 报名资料',
  intro: '请如实填写',
  fields: FIELDS,
  stampWords: '本人承诺：所填资料真实。',
  needSignature: false,
}
const VALID_ID = `11010519491231002${idCardCheckChar('11010519491231002')}`

describe('enrolment profile', () => {
  it('lists my goods with their state; each opens its next step', async () => {
    login()
    fakeServer({
      'GET /base/profile/tp/goods_list': ok([
        { goodsId: 5, goodsName: '安全员全程班', cover: '', title: 'A', profileId: null, status: null },
        { goodsId: 6, goodsName: '一建精讲班', cover: '', title: 'B', profileId: 9, status: 0 },
        { goodsId: 7, goodsName: '消防班', cover: '', title: 'C', profileId: 10, status: 2 },
      ]),
    })
    const { container } = render(<ProfileList />)
    await waitFor(() => expect($$(container, '.pf-goods')).toHaveLength(3))
    expect($$(container, '.pf-badge').map((b) => b.textContent)).toEqual(['未填写', '待确认', '已锁定'])
    fireEvent.click($$(container, '.pf-goods')[0]!)
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages2/profile/form?goodsId=5' })
    fireEvent.click($$(container, '.pf-goods')[1]!)
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages2/profile/stamp?goodsId=6' })
  })

  it('no goods to fill in: says so and offers the shop', async () => {
    login()
    fakeServer({ 'GET /base/profile/tp/goods_list': ok([]) })
    const { container } = render(<ProfileList />)
    await waitFor(() => expect(container.textContent).toContain('暂无需要填写的报名资料'))
  })

  it('the form starts from what the server knows, checks before sending, uploads the photo, then saves', async () => {
    login()
    const srv = fakeServer({
      'GET /base/profile/tp/listProfile': ok({
        template: TEMPLATE,
        profileId: null,
        status: null,
        remark: '',
        editable: true,
        values: { realName: '张三', education: '本科' },
      }),
      'POST /base/profile/tp': (req) => saved(req),
      'POST /base/profile/tp/edit': (req) => saved(req),
    })
    function saved(req: { data?: unknown }) {
      return ok({
        id: 9,
        goodsId: 5,
        goodsName: '安全员全程班',
        title: TEMPLATE.title,
        status: 0,
        remark: '',
        hasStamp: false,
        updatedTime: 1,
        submittedTime: null,
        values: (req.data as { values: Record<string, string> }).values,
        template: TEMPLATE,
        stamp: null,
        editable: true,
      })
    }
    setRouter('/pages2/profile/form', { goodsId: '5' })
    const { container } = render(<ProfileFormPage />)
    await waitFor(() => expect($(container, '.pf-field-realName')).not.toBeNull())
    expect(inputValue(container, '.pf-field-realName')).toBe('张三')
    // a wrong ID number and no photo: nothing is sent
    fill(container, '.pf-field-idCard', '110105194912310021')
    click(container, '.pf-save')
    await waitFor(() => expect($$(container, '.pf-error').length).toBeGreaterThan(0))
    expect(container.textContent).toContain('身份证号不是有效的身份证号')
    expect(container.textContent).toContain('请填写一寸证件照')
    expect(srv.count('POST /base/profile/tp')).toBe(0)
    // fixed but still without the photo: saved as a draft, and the page stays to finish it
    fill(container, '.pf-field-idCard', VALID_ID)
    click(container, '.pf-save')
    await waitFor(() => expect(srv.count('POST /base/profile/tp')).toBe(1))
    await waitFor(() =>
      expect(Taro.showToast).toHaveBeenLastCalledWith({
        title: '已保存草稿，请补全一寸证件照后再确认提交',
        icon: 'none',
        duration: 2500,
      }),
    )
    expect(Taro.navigateTo).not.toHaveBeenCalled()
    // the photo, uploaded through the upload service
    vi.mocked(upload.chooseAndUploadImages).mockResolvedValueOnce([
      { url: '/oss/t1001/u1/img/a.jpg', key: 'k', size: 1, mimeType: 'image/jpeg', width: 1, height: 1 },
    ])
    click(container, '.pf-field-photo .pf-image-btn')
    await waitFor(() => expect($(container, '.pf-image-preview')).not.toBeNull())
    click(container, '.pf-save')
    // the second save edits the draft the first one created
    await waitFor(() => expect(srv.count('POST /base/profile/tp/edit')).toBe(1))
    expect((srv.of('POST /base/profile/tp')[0]!.data as { goodsId: number }).goodsId).toBe(5)
    const body = srv.of('POST /base/profile/tp/edit')[0]!.data as { id: number; values: Record<string, string> }
    expect(body.id).toBe(9)
    expect(body.values).toMatchObject({ realName: '张三', idCard: VALID_ID, photo: '/oss/t1001/u1/img/a.jpg' })
    await waitFor(() => expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages2/profile/stamp?goodsId=5' }))
  })

  it('a locked profile is shown read-only, without a save button', async () => {
    login()
    fakeServer({
      'GET /base/profile/tp/listProfile': ok({
        template: TEMPLATE,
        profileId: 9,
        status: 2,
        remark: '',
        editable: false,
        values: { realName: '张三', idCard: VALID_ID },
      }),
    })
    setRouter('/pages2/profile/form', { goodsId: '5' })
    const { container } = render(<ProfileFormPage />)
    await waitFor(() => expect(container.textContent).toContain('学校已审核并锁定'))
    expect($(container, '.pf-save')).toBeNull()
    expect($(container, '.form-input')).toBeNull()
    expect($(container, '.pf-readonly.pf-field-realName')?.textContent).toBe('张三')
  })

  it('the stamp words must match before they are sent; then the copy and the stamp submit it', async () => {
    login()
    const detail = (status: number) => ({
      id: 9,
      goodsId: 5,
      goodsName: 'x',
      title: 't',
      status,
      remark: '',
      hasStamp: true,
      updatedTime: 1,
      submittedTime: status === 1 ? 2 : null,
      values: {},
      template: TEMPLATE,
      stamp: { words: TEMPLATE.stampWords, signatureUrl: '', updatedTime: 1 },
      editable: true,
    })
    const srv = fakeServer({
      'GET /base/profileStamp/getInfo': ok({
        goodsId: 5,
        stampWords: TEMPLATE.stampWords,
        needSignature: false,
        profileId: 9,
        status: 0,
        stamp: null,
      }),
      'POST /base/profileStamp/addWord': ok(detail(0)),
      'POST /base/profileStamp': ok(detail(1)),
    })
    setRouter('/pages2/profile/stamp', { goodsId: '5' })
    const { container } = render(<ProfileStamp />)
    await waitFor(() => expect($(container, '.pf-statement-text')?.textContent).toBe(TEMPLATE.stampWords))
    fill(container, '.pf-words', '本人承诺：差不多。')
    await waitFor(() => expect($(container, '.pf-match.is-off')).not.toBeNull())
    click(container, '.pf-submit')
    expect(srv.count('POST /base/profileStamp/addWord')).toBe(0)
    expect(Taro.showToast).toHaveBeenLastCalledWith({ title: '请逐字抄写承诺内容', icon: 'none' })
    // spaces and full-width punctuation do not count
    fill(container, '.pf-words', '本人承诺: 所填资料真实.')
    await waitFor(() => expect($(container, '.pf-match.is-ok')).not.toBeNull())
    click(container, '.pf-submit')
    await waitFor(() => expect(srv.count('POST /base/profileStamp')).toBe(1))
    expect(srv.of('POST /base/profileStamp/addWord')[0]!.data).toEqual({
      profileId: 9,
      words: '本人承诺: 所填资料真实.',
    })
    await waitFor(() => expect(container.textContent).toContain('已确认并提交'))
  })

  it('a template that needs a signature refuses to submit without one', async () => {
    login()
    const srv = fakeServer({
      'GET /base/profileStamp/getInfo': ok({
        goodsId: 5,
        stampWords: TEMPLATE.stampWords,
        needSignature: true,
        profileId: 9,
        status: 0,
        stamp: null,
      }),
    })
    setRouter('/pages2/profile/stamp', { goodsId: '5' })
    const { container } = render(<ProfileStamp />)
    await waitFor(() => expect($(container, '.sign-pad')).not.toBeNull())
    fill(container, '.pf-words', TEMPLATE.stampWords)
    click(container, '.pf-submit')
    expect(Taro.showToast).toHaveBeenLastCalledWith({ title: '请先手写签名', icon: 'none' })
    expect(srv.count('POST /base/profileStamp/V2/addWord')).toBe(0)
  })

  it('no profile yet: the stamp page sends the learner to the form', async () => {
    login()
    fakeServer({
      'GET /base/profileStamp/getInfo': ok({
        goodsId: 5,
        stampWords: 'x',
        needSignature: false,
        profileId: null,
        status: null,
        stamp: null,
      }),
    })
    setRouter('/pages2/profile/stamp', { goodsId: '5' })
    const { container } = render(<ProfileStamp />)
    await waitFor(() => expect(container.textContent).toContain('请先填写报名资料'))
    click(container, '.empty-action')
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages2/profile/form?goodsId=5' })
  })
})
