/** Demo content of the two demo tenants (docs/DECISIONS.md "Tenants"). */
import { ARTICLES, type ArticleSeed } from './articles'

export interface TenantSeed {
  id: number
  code: string
  name: string
  host: string
  learner: { phone: string; realName: string; nickName: string; sex: '0' | '1' | '2'; idCard: string; eduLevel: string }
  config: Record<string, unknown>
  /** news articles (./articles.ts) */
  articles: ArticleSeed[]
}

export const DEMO_PASSWORD = 'Demo1234'

export const TENANTS: TenantSeed[] = [
  {
    id: 1001,
    code: 'demo-a',
    name: '安信职业培训学校',
    host: 'a.xuexi-demo.com',
    learner: {
      phone: '13800000001',
      realName: '张明',
      nickName: '小明同学',
      sex: '0',
      idCard: '110101199003071233',
      eduLevel: '本科',
    },
    config: {
      'client.config': { hideBuyState: false },
      'home.mobile': { title: '安信职业培训学校', theme: { primary: '#1677ff' } },
      'home.header': { companyName: '安信职业培训学校' },
      'home.footer.record': { record: '京ICP备2023017xxx号-1'.replace('xxx', '486') },
      'consult.mobile': {
        consultationStatus: 1,
        serviceHotlineStatus: 1,
        servicingTime: '周一至周日 08:30-21:00',
        serviceNumber: '400-820-1001',
        serviceWechatStatus: 1,
        serviceWechatImg: '/static-assets/wechat-anxin_peixun.png', // a QR code of the ID (assets.ts)
        serviceWechatNumber: 'anxin_peixun',
        shoppingCarStatus: 1,
      },
    },
    articles: ARTICLES[1001]!,
  },
  {
    id: 1002,
    code: 'demo-b',
    name: '博学继续教育学院',
    host: 'b.xuexi-demo.cn',
    learner: {
      phone: '13900000002',
      realName: '李华',
      nickName: '华华',
      sex: '1',
      idCard: '320102198805204326',
      eduLevel: '硕士',
    },
    config: {
      // the iOS mini-program rule only (shared/rules/buy.ts): the school's website and Android sell (issue 25)
      'client.config': { hideBuyState: 'ios' },
      'home.mobile': { title: '博学继续教育', theme: { primary: '#13a35b' } },
      'home.header': { companyName: '博学继续教育学院' },
      'home.footer.record': { record: '苏ICP备2022045128号-2' },
      'consult.mobile': {
        consultationStatus: 1,
        serviceHotlineStatus: 0,
        servicingTime: '工作日 09:00-17:30',
        serviceNumber: '025-8888-1002',
        serviceWechatStatus: 1,
        serviceWechatImg: '/static-assets/wechat-boxue_jxjy.png',
        serviceWechatNumber: 'boxue_jxjy',
        shoppingCarStatus: 1,
      },
    },
    articles: ARTICLES[1002]!,
  },
]

export const DICTS: [string, [string, string][]][] = [
  [
    'sys_user_sex',
    [
      ['男', '0'],
      ['女', '1'],
      ['未知', '2'],
    ],
  ],
  [
    'edu_level',
    [
      ['初中', '1'],
      ['高中', '2'],
      ['中专', '3'],
      ['大专', '4'],
      ['本科', '5'],
      ['硕士', '6'],
      ['博士', '7'],
    ],
  ],
  [
    'sys_yes_no',
    [
      ['是', 'Y'],
      ['否', 'N'],
    ],
  ],
]

/**
 * Links of the seed (home grid, banners, the learning tab's advert) are app routes (tests/unit/links.test.ts
 * checks them against src/app.config.ts). `article:N` is the tenant's N-th seeded article (its news page);
 * the 资讯 tile and one banner open the news list (docs/DECISIONS.md "Links", "News").
 */
export const HOME_ITEMS: [string, string, string][] = [
  ['课程', 'course', '/pages/course/index'],
  ['题库', 'bank', '/pages/questionBank/index'],
  ['模拟考试', 'exam', '/pages5/mockRecord/mock_record'],
  ['学习中心', 'learn', '/pages/learn/index'],
  ['资讯', 'news', '/pages3/news/index'],
  ['直播', 'live', '/pages5/liveList'],
  // public: anyone checks a certificate by its number, no login (docs/DECISIONS.md "Shop, account and home fixes")
  ['证书查询', 'cert', '/pages3/cert/verify'],
  ['在线客服', 'service', '/pages5/counselor/index'],
]

/**
 * Where each home banner (assets.ts BANNERS, same order) leads, per tenant: a banner advertising goods opens that
 * goods' page (`goods:<key>`, the key of seed/shop-data.ts), not the generic shop.
 */
export const BANNER_LINKS: Record<string, string[]> = {
  // 安全生产管理人员考前冲刺, 一级建造师 2025 精讲班 (the package of the 精讲班), 特种作业操作证 在线题库
  '1001': ['goods:aq-full', 'goods:yj-pkg', 'goods:tz-bank'],
  // 专业技术人员继续教育 (公需科目), 会计继续教育; 职称申报 政策解读: the news list on its category (seed/news.ts)
  '1002': ['goods:gx-free', 'goods:kj-jx', '/pages3/news/index?category=职称评审'],
}

/** Where the banners led before they opened their goods (seed/links.ts repairs these exact values). */
export const OLD_BANNER_LINKS: Record<string, string[]> = {
  '1001': ['/pages/course/index', '/pages/course/index?goodsType=1', '/pages/questionBank/index'],
  '1002': ['/pages/course/index', '/pages/learn/index', '/pages3/news/index?category=职称评审'],
}

/** A seeded goods by its key: its id and type (the page a goods opens depends on its type). */
export type SeedGoods = (key: string) => { id: number; goodsType: number } | undefined

/**
 * `article:N` -> the news page of the N-th seeded article; `goods:<key>` -> the page of the seeded goods with that
 * key (a package its package page); ids are known once inserted. Other links as they are.
 */
export function seedLink(link: string, articleIds: readonly number[], goodsOf?: SeedGoods): string {
  const g = /^goods:([\w-]+)$/.exec(link)
  if (g) {
    const found = goodsOf?.(g[1]!)
    if (!found) return '/pages/course/index'
    return found.goodsType === 4 ? `/pages3/course/jydetail?id=${found.id}` : `/pages3/course/detail?id=${found.id}`
  }
  const m = /^article:(\d+)$/.exec(link)
  if (!m) return link
  const id = articleIds[Number(m[1])]
  return id === undefined ? '/pages/index/index' : `/pages3/news/detail?id=${id}`
}
