/** Demo content of the two demo tenants (docs/DECISIONS.md "Tenants"). */
export interface TenantSeed {
  id: number
  code: string
  name: string
  host: string
  learner: { phone: string; realName: string; nickName: string; sex: '0' | '1' | '2'; idCard: string; eduLevel: string }
  config: Record<string, unknown>
  articles: { title: string; summary: string; html: string }[]
}

export const DEMO_PASSWORD = 'Demo1234'

const para = (...ps: string[]) => ps.map((p) => `<p>${p}</p>`).join('')

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
    articles: [
      {
        title: '2025年安全生产管理人员考试大纲解读',
        summary: '新版大纲调整了法律法规与事故案例分析的分值比例，备考重点随之变化。',
        html: `<h2>大纲主要变化</h2>${para('2025年安全生产管理人员考试大纲在法律法规部分新增了《安全生产法》修订条款的考查要求。', '事故案例分析题的分值由20分提高到30分，考生需要重点掌握事故调查处理程序。')}<ul><li>法律法规：30%</li><li>安全管理：40%</li><li>案例分析：30%</li></ul>`,
      },
      {
        title: '一级建造师考试报名时间及条件汇总',
        summary: '各省报名时间集中在6月，学历与工作年限要求一览。',
        html: `<h2>报名条件</h2>${para('取得工程类专业大学专科学历，工作满4年，其中从事建设工程项目施工管理工作满2年。', '取得工程类专业大学本科学历，工作满3年，其中从事施工管理工作满1年。')}<p>详情请以各省人事考试网公告为准。</p>`,
      },
      {
        title: '特种作业操作证复审常见问题解答',
        summary: '证书到期前60日内申请复审，连续从事本工种10年以上可延长复审周期。',
        html: `${para('特种作业操作证每3年复审1次。', '复审时需提交身份证明、健康证明以及安全培训考试合格记录。')}<blockquote>提醒：逾期未复审的证书将失效。</blockquote>`,
      },
      {
        title: '建筑施工企业“三类人员”考核要点',
        summary: '企业主要负责人、项目负责人、专职安全生产管理人员的考核内容与方式。',
        html: `<h3>考核方式</h3>${para('安全生产知识考试采用闭卷笔试，满分100分，60分合格。', '管理能力考核由发证机关组织，重点考查安全生产责任制落实情况。')}`,
      },
      {
        title: '高处作业安全技术规范要点梳理',
        summary: '坠落高度基准面2米以上即为高处作业，防护措施必须到位。',
        html: `${para('高处作业前应逐级进行安全技术交底，并对安全防护设施进行验收。', '遇有六级及以上强风、浓雾、沙尘暴等恶劣天气，不得进行露天攀登与悬空高处作业。')}<img src="/static-assets/figure-work-at-height.jpg" alt="高处作业安全防护示意图">`,
      },
      {
        title: '注册安全工程师职业资格考试备考指南',
        summary: '四门科目的学习顺序与时间分配建议。',
        html: `<ol><li>先学《安全生产法律法规》，打好基础</li><li>再学《安全生产管理》</li><li>然后是《安全生产技术基础》</li><li>最后攻克专业实务</li></ol>${para('建议每天保持2小时有效学习时间，考前一个月集中刷题。')}`,
      },
      {
        title: '消防设施操作员证书考试题型分析',
        summary: '理论知识考试与技能操作考核的题型、分值说明。',
        html: `${para('理论知识考试包括单选题、多选题和判断题，考试时间90分钟。', '技能操作考核采用现场实操方式，内容包括设施巡检、故障处理等。')}`,
      },
      {
        title: '安全生产月活动：学员线上答题赛开赛',
        summary: '参与答题即可获得学习积分，排名前十名获得精美礼品。',
        html: `${para('为贯彻“人人讲安全、个个会应急”的主题，本校将于6月举办线上答题赛。', '答题入口：首页“题库”栏目。')}<p><a href="https://www.mem.gov.cn/">应急管理部官网</a></p>`,
      },
    ],
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
    articles: [
      {
        title: '2025年度专业技术人员继续教育学时要求',
        summary: '每年累计不少于90学时，其中专业科目一般不少于总学时的三分之二。',
        html: `<h2>学时要求</h2>${para('专业技术人员参加继续教育的时间，每年累计应不少于90学时。', '公需科目一般不少于总学时的三分之一。')}`,
      },
      {
        title: '会计人员继续教育学分如何登记',
        summary: '线上学习完成后学分自动登记，可在个人中心查询。',
        html: `${para('会计专业技术人员每年参加继续教育取得的学分不少于90学分。', '学分登记完成后，可在“我的-学习记录”中查看。')}`,
      },
      {
        title: '中级职称申报条件与评审流程',
        summary: '申报材料、业绩要求与评审时间节点一览。',
        html: `<h3>申报流程</h3><ol><li>个人申报</li><li>单位推荐</li><li>资格审查</li><li>专家评审</li><li>结果公示</li></ol>`,
      },
      {
        title: '继续教育公需科目：数字经济与创新发展',
        summary: '本年度公需课程已上线，共30学时。',
        html: `${para('课程围绕数字经济发展趋势、数据要素市场化配置等内容展开。', '学完全部课程并通过测试即可获得学时证明。')}`,
      },
      {
        title: '二级建造师继续教育网络学习通知',
        summary: '注册有效期内需完成规定学时的继续教育。',
        html: `${para('二级建造师在每一注册有效期内应接受继续教育，必修课和选修课各30学时。', '本院提供全部课程的网络学习服务。')}`,
      },
      {
        title: '卫生专业技术人员继续医学教育学分说明',
        summary: 'Ⅰ类学分与Ⅱ类学分的获取方式和要求。',
        html: `${para('卫生专业技术人员每年参加继续医学教育的最低学分为25学分。', '其中Ⅰ类学分5-10学分，Ⅱ类学分15-20学分。')}`,
      },
      {
        title: '教师资格证定期注册与继续教育',
        summary: '每5年一个注册周期，需完成360学时培训。',
        html: `${para('教师资格定期注册每5年一个周期。', '申请定期注册的教师，应在注册周期内完成不少于360学时的培训。')}`,
      },
      {
        title: '学员常见问题：学习记录不同步怎么办',
        summary: '清除缓存并重新登录后仍未同步，请联系在线客服。',
        html: `${para('学习记录每隔60秒自动同步一次。', '如长时间未同步，请检查网络后重新进入课程页面。')}`,
      },
      {
        title: '工程师职称外语与计算机能力要求说明',
        summary: '多数地区已不再将外语和计算机作为职称申报的硬性条件。',
        html: `${para('按照职称制度改革要求，职称外语和计算机应用能力考试不作统一要求。', '具体以申报地区当年的文件为准。')}`,
      },
    ],
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
