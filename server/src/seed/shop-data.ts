/**
 * Shop catalogue of the two demo tenants (docs/DECISIONS.md "Shop"): education types -> businesses ->
 * subjects, teachers, goods (1 course, 2 question bank, 3 live, 4 package) and their courses, activities.
 * Prices are integer cents. Chapters list their sections; a section name starting with '*' is free to try.
 * `description` is a goods' one-line summary (a live channel's intro); the detail page's introduction is composed by
 * ./goods-intro.ts. Tags claim nothing the goods does not hold (tests/server/seed-content.test.ts).
 */
export interface CourseSeed {
  name: string
  teacher: number
  chapters: [string, string[]][]
}

export interface GoodsSeed {
  key: string
  type: 1 | 2 | 3 | 4
  name: string
  price: number
  originalPrice: number
  /** business name, subject name */
  business: string
  subject: string
  teachers: number[]
  tags: string[]
  validityDays: number
  buyCount: number
  handoutCount: number
  description: string
  courses?: CourseSeed[]
  /** package: keys of the goods inside */
  items?: string[]
}

export interface CatalogueSeed {
  educationTypes: {
    name: string
    businesses: { name: string; description: string; subjects: [string, number[]][] }[]
  }[]
  teachers: { name: string; title: string; intro: string }[]
  goods: GoodsSeed[]
  activities: { kind: 'distribution' | 'share'; code: string; name: string; items: [string, number][] }[]
}

const html = (...ps: string[]) => ps.map((p) => `<p>${p}</p>`).join('')
const sections = (topic: string, n = 3, free = false) =>
  ['考点精讲', '例题解析', '真题演练', '章节小结']
    .slice(0, n)
    .map((s, i) => `${free && i === 0 ? '*' : ''}${topic}·${s}`)
const lives = (...topics: string[]) => topics.map((t, i) => `${i === 0 ? '*' : ''}第${i + 1}次直播：${t}`)

export const CATALOGUES: Record<number, CatalogueSeed> = {
  1001: {
    educationTypes: [
      {
        name: '职业资格',
        businesses: [
          {
            name: '安全生产管理人员',
            description: '生产经营单位主要负责人及安全生产管理人员安全生产知识和管理能力考核。',
            subjects: [
              ['安全生产法律法规', [1, 2]],
              ['安全生产管理', [1, 2, 3]],
              ['安全生产技术', [1, 2]],
            ],
          },
          {
            name: '特种作业',
            description: '特种作业操作证取证与复审培训：电工、焊接与热切割、高处作业。',
            subjects: [
              ['电工作业', [1, 2]],
              ['焊接与热切割作业', [1, 2]],
              ['高处作业', [2]],
            ],
          },
          {
            name: '一级建造师',
            description: '全国一级建造师执业资格考试：三门公共课加一门专业实务。',
            subjects: [
              ['建设工程经济', [1, 2, 3]],
              ['建设工程法规及相关知识', [1, 2]],
              ['建设工程项目管理', [1, 2]],
              ['建筑工程管理与实务', [1, 2, 3]],
            ],
          },
          {
            name: '二级建造师',
            description: '二级建造师执业资格考试：施工管理、工程法规与专业实务。',
            subjects: [
              ['建设工程施工管理', [1, 2]],
              ['建筑工程实务', [1, 2]],
            ],
          },
          {
            name: '消防设施操作员',
            description: '消防设施操作员（初级、中级）职业技能等级认定。',
            subjects: [
              ['基础知识', [1, 3]],
              ['初级技能', [1, 3]],
            ],
          },
        ],
      },
      {
        name: '继续教育',
        businesses: [
          {
            name: '安全员继续教育',
            description: '建筑施工企业安全生产管理人员年度继续教育。',
            subjects: [['年度必修课', [1]]],
          },
        ],
      },
      {
        name: '学历提升',
        businesses: [
          {
            name: '成人高考专升本',
            description: '成人高等学校招生全国统一考试（专科起点升本科）。',
            subjects: [
              ['高等数学（二）', [1, 2]],
              ['政治', [1, 2]],
            ],
          },
        ],
      },
    ],
    teachers: [
      {
        name: '王建国',
        title: '注册安全工程师 高级讲师',
        intro: '从事安全生产培训18年，主讲安全生产法律法规与事故案例分析。',
      },
      { name: '李慧敏', title: '一级建造师 副教授', intro: '建设工程经济与项目管理主讲，擅长把计算题讲透。' },
      { name: '陈志强', title: '高级电工技师', intro: '特种作业电工考评员，实操经验丰富。' },
      { name: '刘芳', title: '消防设施操作员高级技师', intro: '消防设施操作员职业技能等级认定考评员。' },
      { name: '赵磊', title: '数学讲师', intro: '成人高考数学辅导12年，通俗易懂。' },
    ],
    goods: [
      {
        key: 'aq-full',
        type: 1,
        name: '2025安全生产管理人员全程班',
        price: 39900,
        originalPrice: 59900,
        business: '安全生产管理人员',
        subject: '安全生产管理',
        teachers: [0, 1],
        tags: ['两门精讲', '随到随学', '热销'],
        validityDays: 365,
        buyCount: 3286,
        handoutCount: 6,
        description: html('安全生产法律法规、安全生产管理两门精讲，按2025年版考试大纲编排，配套讲义。'),
        courses: [
          {
            name: '安全生产法律法规精讲',
            teacher: 0,
            chapters: [
              ['第一章 安全生产法', sections('安全生产法', 3, true)],
              ['第二章 安全生产单行法律', sections('单行法律')],
              ['第三章 安全生产行政法规', sections('行政法规')],
            ],
          },
          {
            name: '安全生产管理实务',
            teacher: 1,
            chapters: [
              ['第一章 安全生产管理理论', sections('管理理论', 3, true)],
              ['第二章 安全生产责任制', sections('责任制', 2)],
              ['第三章 事故调查与处理', sections('事故调查', 4)],
            ],
          },
        ],
      },
      {
        key: 'aq-bank',
        type: 2,
        name: '安全生产管理人员考试题库',
        price: 9900,
        originalPrice: 19900,
        business: '安全生产管理人员',
        subject: '安全生产法律法规',
        teachers: [0],
        tags: ['388道练习题', '错题本', '模拟考试'],
        validityDays: 365,
        buyCount: 5120,
        handoutCount: 0,
        description: html('八个章节的练习题与两套模拟试卷，支持模拟考试与错题重练。'),
      },
      {
        key: 'tz-dg',
        type: 1,
        name: '特种作业低压电工取证班',
        price: 29900,
        originalPrice: 39900,
        business: '特种作业',
        subject: '电工作业',
        teachers: [2],
        tags: ['理论精讲', '触电急救'],
        validityDays: 180,
        buyCount: 1874,
        handoutCount: 3,
        description: html('低压电工作业理论考试的主要考点与触电急救要领。'),
        courses: [
          {
            name: '低压电工理论与实操',
            teacher: 2,
            chapters: [
              ['第一章 电工基础知识', sections('电工基础', 3, true)],
              ['第二章 低压电器', sections('低压电器')],
              ['第三章 电气安全技术', sections('电气安全', 4)],
            ],
          },
        ],
      },
      {
        key: 'tz-bank',
        type: 2,
        name: '低压电工作业考试题库',
        price: 4900,
        originalPrice: 9900,
        business: '特种作业',
        subject: '电工作业',
        teachers: [2],
        tags: ['46道练习题', '模拟考试'],
        validityDays: 180,
        buyCount: 4410,
        handoutCount: 0,
        description: html('低压电工作业四个模块的单选、多选和判断题，附详细解析。'),
      },
      {
        key: 'yj-jj',
        type: 1,
        name: '一级建造师《建设工程经济》精讲班',
        price: 49900,
        originalPrice: 69900,
        business: '一级建造师',
        subject: '建设工程经济',
        teachers: [1],
        tags: ['精讲', '计算题专项'],
        validityDays: 365,
        buyCount: 2210,
        handoutCount: 4,
        description: html('资金时间价值、财务分析、工程计价三大篇章系统精讲。'),
        courses: [
          {
            name: '建设工程经济精讲',
            teacher: 1,
            chapters: [
              ['第一篇 工程经济', sections('资金时间价值', 4, true)],
              ['第二篇 工程财务', sections('工程财务', 3)],
              ['第三篇 建设工程估价', sections('工程估价', 3)],
            ],
          },
        ],
      },
      {
        key: 'yj-sw',
        type: 1,
        name: '一级建造师《建筑工程管理与实务》精讲班',
        price: 59900,
        originalPrice: 79900,
        business: '一级建造师',
        subject: '建筑工程管理与实务',
        teachers: [1, 0],
        tags: ['案例题突破'],
        validityDays: 365,
        buyCount: 1967,
        handoutCount: 5,
        description: html('建筑工程技术、施工管理与相关法规三部分，案例题专项训练。'),
        courses: [
          {
            name: '建筑工程管理与实务精讲',
            teacher: 1,
            chapters: [
              ['第一章 建筑工程技术', sections('建筑工程技术', 3, true)],
              ['第二章 施工进度管理', sections('进度管理')],
              ['第三章 施工质量管理', sections('质量管理')],
              ['第四章 施工安全管理', sections('安全管理')],
            ],
          },
        ],
      },
      {
        key: 'yj-bank',
        type: 2,
        name: '一级建造师四科题库',
        price: 19900,
        originalPrice: 29900,
        business: '一级建造师',
        subject: '建设工程法规及相关知识',
        teachers: [1],
        tags: ['章节练习', '模拟考试'],
        validityDays: 365,
        buyCount: 3901,
        handoutCount: 0,
        description: html('经济、法规、管理、建筑实务四科章节练习与模拟试卷。'),
      },
      {
        key: 'yj-live',
        type: 3,
        name: '一级建造师考前冲刺直播班',
        price: 29900,
        originalPrice: 39900,
        business: '一级建造师',
        subject: '建筑工程管理与实务',
        teachers: [1],
        tags: ['直播', '押题'],
        validityDays: 120,
        buyCount: 860,
        handoutCount: 2,
        description: html('考前一个月每周两次直播，串讲高频考点并押题。'),
        courses: [
          {
            name: '考前冲刺直播',
            teacher: 1,
            chapters: [['直播课表', lives('高频考点串讲', '案例题答题技巧', '押题卷精讲')]],
          },
        ],
      },
      {
        key: 'ej-sw',
        type: 1,
        name: '二级建造师《建筑工程实务》精讲班',
        price: 39900,
        originalPrice: 49900,
        business: '二级建造师',
        subject: '建筑工程实务',
        teachers: [1],
        tags: ['精讲'],
        validityDays: 365,
        buyCount: 1532,
        handoutCount: 3,
        description: html('二级建造师建筑工程专业实务全部考点精讲。'),
        courses: [
          {
            name: '二建建筑工程实务精讲',
            teacher: 1,
            chapters: [
              ['第一章 建筑工程施工技术', sections('施工技术', 3, true)],
              ['第二章 建筑工程项目施工管理', sections('施工管理')],
            ],
          },
        ],
      },
      {
        key: 'xf-live',
        type: 3,
        name: '消防设施操作员（初级）直播班',
        price: 19900,
        originalPrice: 29900,
        business: '消防设施操作员',
        subject: '初级技能',
        teachers: [3],
        tags: ['直播', '技能实操'],
        validityDays: 90,
        buyCount: 642,
        handoutCount: 2,
        description: html('消防基础知识与初级技能操作直播教学。'),
        courses: [
          {
            name: '消防设施操作员初级直播',
            teacher: 3,
            chapters: [['直播课表', lives('消防基础知识', '火灾自动报警系统操作', '灭火器与消火栓')]],
          },
        ],
      },
      {
        key: 'aq-free',
        type: 1,
        name: '安全生产法律法规公开课',
        price: 0,
        originalPrice: 0,
        business: '安全生产管理人员',
        subject: '安全生产法律法规',
        teachers: [0],
        tags: ['免费'],
        validityDays: 0,
        buyCount: 8920,
        handoutCount: 1,
        description: html('新《安全生产法》修订要点解读，免费学习。'),
        courses: [
          {
            name: '新安全生产法解读',
            teacher: 0,
            chapters: [['公开课', ['修订背景与总体思路', '生产经营单位的主体责任', '法律责任的变化']]],
          },
        ],
      },
      {
        key: 'tz-free',
        type: 2,
        name: '特种作业安全常识免费题库',
        price: 0,
        originalPrice: 0,
        business: '特种作业',
        subject: '高处作业',
        teachers: [2],
        tags: ['免费'],
        validityDays: 0,
        buyCount: 6350,
        handoutCount: 0,
        description: html('安全生产法律法规基础练习题，免费使用。'),
      },
      {
        key: 'yj-pkg',
        type: 4,
        name: '一级建造师全科通关套餐',
        price: 129900,
        originalPrice: 189600,
        business: '一级建造师',
        subject: '建筑工程管理与实务',
        teachers: [1, 0],
        tags: ['套餐', '精讲+题库+直播'],
        validityDays: 365,
        buyCount: 1203,
        handoutCount: 9,
        description: html('经济、实务两门精讲班 + 四科题库 + 考前冲刺直播，一站式备考。'),
        items: ['yj-jj', 'yj-sw', 'yj-bank', 'yj-live'],
      },
      {
        key: 'aq-pkg',
        type: 4,
        name: '安全管理人员取证套餐',
        price: 42900,
        originalPrice: 49800,
        business: '安全生产管理人员',
        subject: '安全生产管理',
        teachers: [0, 1],
        tags: ['套餐'],
        validityDays: 365,
        buyCount: 2045,
        handoutCount: 6,
        description: html('全程班 + 考试题库，学练结合。'),
        items: ['aq-full', 'aq-bank'],
      },
      {
        key: 'aq-jx',
        type: 1,
        name: '安全员继续教育（2025年度必修）',
        price: 9900,
        originalPrice: 9900,
        business: '安全员继续教育',
        subject: '年度必修课',
        teachers: [0],
        tags: ['继续教育', '学时认定'],
        validityDays: 365,
        buyCount: 2750,
        handoutCount: 1,
        description: html('建筑施工企业安全员年度继续教育必修课程，学完可打印学时证明。'),
        courses: [
          {
            name: '安全员年度继续教育',
            teacher: 0,
            chapters: [
              ['模块一 新法规解读', sections('新法规', 2, true)],
              ['模块二 典型事故案例', sections('事故案例', 2)],
            ],
          },
        ],
      },
      {
        key: 'ck-math',
        type: 1,
        name: '成人高考专升本《高等数学（二）》',
        price: 29900,
        originalPrice: 39900,
        business: '成人高考专升本',
        subject: '高等数学（二）',
        teachers: [4],
        tags: ['零基础'],
        validityDays: 365,
        buyCount: 980,
        handoutCount: 2,
        description: html('从极限与连续讲到一元函数微分学和积分学，零基础也能跟上。'),
        courses: [
          {
            name: '高等数学（二）基础精讲',
            teacher: 4,
            chapters: [
              ['第一章 极限与连续', sections('极限', 3, true)],
              ['第二章 一元函数微分学', sections('导数')],
              ['第三章 一元函数积分学', sections('积分')],
            ],
          },
        ],
      },
    ],
    activities: [
      {
        kind: 'distribution',
        code: 'AX2025TJ',
        name: '老学员推荐专享',
        items: [
          ['aq-full', 34900],
          ['yj-pkg', 119900],
        ],
      },
      { kind: 'share', code: 'AXSHARE01', name: '分享好友 题库特惠', items: [['aq-bank', 1990]] },
    ],
  },
  1002: {
    educationTypes: [
      {
        name: '职业资格',
        businesses: [
          {
            name: '初级会计职称',
            description: '全国会计专业技术初级资格考试：初级会计实务、经济法基础。',
            subjects: [
              ['初级会计实务', [1, 2]],
              ['经济法基础', [1, 2]],
            ],
          },
          {
            name: '中级会计职称',
            description: '全国会计专业技术中级资格考试：中级会计实务、财务管理、经济法。',
            subjects: [
              ['中级会计实务', [1, 2, 3]],
              ['财务管理', [1, 2, 3]],
              ['经济法', [1, 2]],
            ],
          },
          {
            name: '企业人力资源管理师',
            description: '企业人力资源管理师（三级）职业技能等级认定。',
            subjects: [['理论知识', [1, 2]]],
          },
          {
            name: '教师资格证',
            description: '中小学教师资格考试笔试：综合素质、教育知识与能力。',
            subjects: [
              ['综合素质', [1, 2]],
              ['教育知识与能力', [1, 2]],
            ],
          },
          {
            name: '二级建造师',
            description: '二级建造师执业资格考试：建设工程施工管理题库练习与模拟考试。',
            subjects: [['建设工程施工管理', [2]]],
          },
        ],
      },
      {
        name: '继续教育',
        businesses: [
          {
            name: '会计人员继续教育',
            description: '会计专业技术人员年度继续教育（90学时）。',
            subjects: [['年度专业科目', [1]]],
          },
          {
            name: '专业技术人员公需科目',
            description: '专业技术人员继续教育公需科目。',
            subjects: [['公需课', [1]]],
          },
        ],
      },
      {
        name: '学历提升',
        businesses: [
          {
            name: '自学考试',
            description: '高等教育自学考试公共课与专业课辅导。',
            subjects: [['马克思主义基本原理', [1, 2]]],
          },
        ],
      },
    ],
    teachers: [
      { name: '周雅琴', title: '注册会计师 高级会计师', intro: '初级、中级会计实务主讲，授课15年。' },
      { name: '孙浩然', title: '法学硕士 讲师', intro: '经济法主讲，擅长用案例讲解法条。' },
      { name: '吴静', title: '财务管理副教授', intro: '财务管理主讲，公式推导清晰。' },
      { name: '郑晓东', title: '企业人力资源管理师一级', intro: '人力资源管理咨询顾问，考评员。' },
      { name: '何丽华', title: '中学高级教师', intro: '教师资格证笔试与面试辅导。' },
      { name: '马骏', title: '马克思主义理论讲师', intro: '自考公共课辅导十年。' },
      { name: '刘振华', title: '一级建造师 高级工程师', intro: '建设工程施工管理主讲，二十年施工现场管理经验。' },
    ],
    goods: [
      {
        key: 'cj-sw',
        type: 1,
        name: '初级会计实务精讲班',
        price: 39900,
        originalPrice: 49900,
        business: '初级会计职称',
        subject: '初级会计实务',
        teachers: [0],
        tags: ['精讲', '热销'],
        validityDays: 365,
        buyCount: 4520,
        handoutCount: 5,
        description: html('会计概述、会计基础、流动资产和非流动资产四章精讲。'),
        courses: [
          {
            name: '初级会计实务精讲',
            teacher: 0,
            chapters: [
              ['第一章 概述', sections('会计概述', 3, true)],
              ['第二章 会计基础', sections('会计基础')],
              ['第三章 流动资产', sections('流动资产', 4)],
              ['第四章 非流动资产', sections('非流动资产')],
            ],
          },
        ],
      },
      {
        key: 'cj-jjf',
        type: 1,
        name: '经济法基础精讲班',
        price: 29900,
        originalPrice: 39900,
        business: '初级会计职称',
        subject: '经济法基础',
        teachers: [1],
        tags: ['精讲'],
        validityDays: 365,
        buyCount: 3980,
        handoutCount: 4,
        description: html('总论、会计法律制度和支付结算法律制度三章精讲。'),
        courses: [
          {
            name: '经济法基础精讲',
            teacher: 1,
            chapters: [
              ['第一章 总论', sections('总论', 3, true)],
              ['第二章 会计法律制度', sections('会计法律制度')],
              ['第三章 支付结算法律制度', sections('支付结算')],
            ],
          },
        ],
      },
      {
        key: 'cj-bank',
        type: 2,
        name: '初级会计职称题库',
        price: 9900,
        originalPrice: 19900,
        business: '初级会计职称',
        subject: '初级会计实务',
        teachers: [0, 1],
        tags: ['机考模拟'],
        validityDays: 365,
        buyCount: 7210,
        handoutCount: 0,
        description: html('两科章节练习与机考模拟试卷。'),
      },
      {
        key: 'zj-sw',
        type: 1,
        name: '中级会计实务精讲班',
        price: 59900,
        originalPrice: 79900,
        business: '中级会计职称',
        subject: '中级会计实务',
        teachers: [0],
        tags: ['精讲', '主观题专项'],
        validityDays: 365,
        buyCount: 2630,
        handoutCount: 6,
        description: html('存货、长期股权投资、金融资产等难点逐一突破。'),
        courses: [
          {
            name: '中级会计实务精讲',
            teacher: 0,
            chapters: [
              ['第一章 存货', sections('存货', 3, true)],
              ['第二章 长期股权投资', sections('长期股权投资', 4)],
              ['第三章 金融资产', sections('金融资产', 4)],
            ],
          },
        ],
      },
      {
        key: 'zj-cg',
        type: 1,
        name: '中级财务管理精讲班',
        price: 49900,
        originalPrice: 69900,
        business: '中级会计职称',
        subject: '财务管理',
        teachers: [2],
        tags: ['公式速记'],
        validityDays: 365,
        buyCount: 2104,
        handoutCount: 4,
        description: html('财务管理总论、货币时间价值与筹资管理。'),
        courses: [
          {
            name: '财务管理精讲',
            teacher: 2,
            chapters: [
              ['第一章 总论', sections('财务管理总论', 2, true)],
              ['第二章 财务管理基础', sections('货币时间价值', 4)],
              ['第三章 筹资管理', sections('筹资管理')],
            ],
          },
        ],
      },
      {
        key: 'zj-bank',
        type: 2,
        name: '中级会计职称三科题库',
        price: 19900,
        originalPrice: 29900,
        business: '中级会计职称',
        subject: '经济法',
        teachers: [0, 1, 2],
        tags: ['章节练习', '模拟考试'],
        validityDays: 365,
        buyCount: 3320,
        handoutCount: 0,
        description: html('实务、财管、经济法三科题库。'),
      },
      {
        key: 'zj-live',
        type: 3,
        name: '中级会计考前冲刺直播班',
        price: 29900,
        originalPrice: 39900,
        business: '中级会计职称',
        subject: '中级会计实务',
        teachers: [0, 2],
        tags: ['直播', '押题'],
        validityDays: 90,
        buyCount: 1108,
        handoutCount: 2,
        description: html('考前四周直播冲刺，主观题答题模板。'),
        courses: [
          {
            name: '中级会计冲刺直播',
            teacher: 0,
            chapters: [['直播课表', lives('实务主观题精讲', '财管计算题专项', '经济法综合题')]],
          },
        ],
      },
      {
        key: 'hr-3',
        type: 1,
        name: '企业人力资源管理师（三级）全程班',
        price: 36900,
        originalPrice: 45900,
        business: '企业人力资源管理师',
        subject: '理论知识',
        teachers: [3],
        tags: ['理论+技能'],
        validityDays: 365,
        buyCount: 1390,
        handoutCount: 3,
        description: html('人力资源规划、招聘与配置、培训与开发的理论知识与专业技能精讲。'),
        courses: [
          {
            name: '人力资源管理师三级精讲',
            teacher: 3,
            chapters: [
              ['第一章 人力资源规划', sections('人力资源规划', 3, true)],
              ['第二章 招聘与配置', sections('招聘与配置')],
              ['第三章 培训与开发', sections('培训与开发')],
            ],
          },
        ],
      },
      {
        key: 'js-zh',
        type: 1,
        name: '教师资格证《综合素质》精讲',
        price: 19900,
        originalPrice: 29900,
        business: '教师资格证',
        subject: '综合素质',
        teachers: [4],
        tags: ['作文专项'],
        validityDays: 180,
        buyCount: 2455,
        handoutCount: 2,
        description: html('职业理念、教育法律法规与写作能力。'),
        courses: [
          {
            name: '综合素质精讲',
            teacher: 4,
            chapters: [
              ['第一章 职业理念', sections('职业理念', 2, true)],
              ['第二章 教育法律法规', sections('教育法规')],
              ['第三章 写作能力', sections('写作', 2)],
            ],
          },
        ],
      },
      {
        key: 'kj-jx',
        type: 1,
        name: '会计人员继续教育（2025年度）',
        price: 6000,
        originalPrice: 6000,
        business: '会计人员继续教育',
        subject: '年度专业科目',
        teachers: [0],
        tags: ['继续教育', '学时自动登记'],
        validityDays: 365,
        buyCount: 5630,
        handoutCount: 1,
        description: html('2025年度会计人员继续教育专业科目，学完自动登记学时。'),
        courses: [
          {
            name: '会计人员年度专业科目',
            teacher: 0,
            chapters: [
              ['模块一 企业会计准则解读', sections('会计准则', 2, true)],
              ['模块二 税收政策更新', sections('税收政策', 2)],
            ],
          },
        ],
      },
      {
        key: 'gx-free',
        type: 1,
        name: '专业技术人员公需科目（免费）',
        price: 0,
        originalPrice: 0,
        business: '专业技术人员公需科目',
        subject: '公需课',
        teachers: [5],
        tags: ['免费', '公需课'],
        validityDays: 0,
        buyCount: 12040,
        handoutCount: 0,
        description: html('数字经济与创新驱动发展公需科目，免费学习。'),
        courses: [
          {
            name: '数字经济与创新驱动发展',
            teacher: 5,
            chapters: [['公需课', ['数字经济概论', '数据要素与安全', '创新驱动发展战略']]],
          },
        ],
      },
      {
        key: 'kj-free',
        type: 2,
        name: '会计基础每日一练（免费题库）',
        price: 0,
        originalPrice: 0,
        business: '初级会计职称',
        subject: '初级会计实务',
        teachers: [0],
        tags: ['免费', '每日一练'],
        validityDays: 0,
        buyCount: 9870,
        handoutCount: 0,
        description: html('会计概述一章的练习题，免费练习。'),
      },
      {
        key: 'cj-pkg',
        type: 4,
        name: '初级会计职称全科套餐',
        price: 69900,
        originalPrice: 79700,
        business: '初级会计职称',
        subject: '初级会计实务',
        teachers: [0, 1],
        tags: ['套餐', '两科联报'],
        validityDays: 365,
        buyCount: 3012,
        handoutCount: 9,
        description: html('实务 + 经济法两科精讲 + 题库。'),
        items: ['cj-sw', 'cj-jjf', 'cj-bank'],
      },
      {
        key: 'zj-pkg',
        type: 4,
        name: '中级会计职称全科通关套餐',
        price: 139900,
        originalPrice: 189600,
        business: '中级会计职称',
        subject: '中级会计实务',
        teachers: [0, 2],
        tags: ['套餐', '三科联报'],
        validityDays: 365,
        buyCount: 1580,
        handoutCount: 12,
        description: html('实务、财管精讲 + 三科题库 + 冲刺直播。'),
        items: ['zj-sw', 'zj-cg', 'zj-bank', 'zj-live'],
      },
      {
        key: 'zk-my',
        type: 1,
        name: '自考《马克思主义基本原理》',
        price: 19900,
        originalPrice: 25900,
        business: '自学考试',
        subject: '马克思主义基本原理',
        teachers: [5],
        tags: ['公共课'],
        validityDays: 365,
        buyCount: 1720,
        handoutCount: 2,
        description: html('自考公共课，重点背诵提纲与典型例题讲解。'),
        courses: [
          {
            name: '马克思主义基本原理精讲',
            teacher: 5,
            chapters: [
              ['第一章 物质世界及其发展规律', sections('唯物论', 3, true)],
              ['第二章 认识世界和改造世界', sections('认识论')],
            ],
          },
        ],
      },
      {
        key: 'ej-bank',
        type: 2,
        name: '二级建造师《建设工程施工管理》题库',
        price: 6900,
        originalPrice: 12900,
        business: '二级建造师',
        subject: '建设工程施工管理',
        teachers: [6],
        tags: ['章节练习', '模拟试卷'],
        validityDays: 365,
        buyCount: 2680,
        handoutCount: 0,
        description: html('施工管理八章章节练习、两套模拟试卷与免费试卷，错题自动进入错题本。'),
      },
    ],
    activities: [
      {
        kind: 'distribution',
        code: 'BX2025TJ',
        name: '学员推荐专享价',
        items: [
          ['cj-pkg', 59900],
          ['zj-sw', 49900],
        ],
      },
      { kind: 'share', code: 'BXSHARE01', name: '分享领券 题库特惠', items: [['cj-bank', 2990]] },
    ],
  },
}
