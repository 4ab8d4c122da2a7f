// The seed's lesson videos: a title slide and 2-3 content slides each, with what the voice says. Points appear
// one by one as the voice reaches them (`say` of a point; the title slide's `say` opens the lesson). Which
// seeded course plays which file: server/src/seed/learn-data.ts LESSON_VIDEOS.

/** @typedef {{ text?: string, html?: string, say: string }} Point */
/** @typedef {{ heading: string, points: Point[], note?: string }} Slide */
/** @typedef {{ file: string, tenantId: number, teacher: string, subject: string, title: string, art: string, say: string, slides: Slide[] }} Lesson */

/** @type {Lesson[]} */
export const LESSONS = [
  {
    file: 'lesson-safety-law.mp4',
    tenantId: 1001,
    teacher: '王建国',
    subject: '安全生产法律法规',
    title: '《安全生产法》总则与工作方针',
    art: 'scales',
    say: '同学们好，这一讲我们学习安全生产法的总则。',
    slides: [
      {
        heading: '立法目的与适用范围',
        points: [
          {
            text: '防止和减少生产安全事故，保障人民群众生命和财产安全',
            say: '安全生产法的立法目的，是防止和减少生产安全事故。',
          },
          { text: '适用于在我国领域内从事生产经营活动的单位', say: '它适用于在我国领域内从事生产经营活动的单位。' },
        ],
      },
      {
        heading: '安全生产工作方针',
        points: [
          { html: '<em>安全第一、预防为主、综合治理</em>', say: '工作方针是安全第一，预防为主，综合治理。' },
          { text: '管行业、管业务、管生产经营必须管安全', say: '管行业、管业务、管生产经营，都必须管安全。' },
        ],
        note: '考点：生产经营单位的主要负责人是本单位安全生产第一责任人',
      },
    ],
  },
  {
    file: 'lesson-safety-management.mp4',
    tenantId: 1001,
    teacher: '李慧敏',
    subject: '安全生产管理',
    title: '事故致因理论与事故等级',
    art: 'shield',
    say: '这一讲介绍事故致因理论和事故等级的划分。',
    slides: [
      {
        heading: '海因里希法则',
        points: [
          { html: '伤亡事故 : 轻伤 : 无伤害事故 = <em>1 : 29 : 300</em>', say: '一起重伤事故背后，有二十九起轻伤。' },
          { text: '直接原因：人的不安全行为、物的不安全状态', say: '直接原因是人的不安全行为和物的不安全状态。' },
        ],
      },
      {
        heading: '生产安全事故等级（按死亡人数）',
        points: [
          { text: '特别重大：30人以上；重大：10人以上30人以下', say: '死亡三十人以上为特别重大事故。' },
          { text: '较大：3人以上10人以下；一般：3人以下', say: '死亡三人以下为一般事故。' },
        ],
        note: '“以上”包括本数，“以下”不包括本数',
      },
    ],
  },
  {
    file: 'lesson-electrical.mp4',
    tenantId: 1001,
    teacher: '陈志强',
    subject: '低压电工作业',
    title: '安全电压与触电急救',
    art: 'bolt',
    say: '本讲学习安全电压和触电急救。',
    slides: [
      {
        heading: '安全电压额定值',
        points: [
          { html: '交流工频：<em>42V、36V、24V、12V、6V</em>', say: '安全电压分为四十二伏到六伏五个等级。' },
          { text: '金属容器内、特别潮湿场所：采用 12V', say: '特别潮湿的场所应使用十二伏。' },
        ],
        note: '低压：交流额定电压 1000V 及以下',
      },
      {
        heading: '触电急救',
        points: [
          { text: '先断电：拉闸断电，或用干燥绝缘物挑开电线', say: '首先要使触电者迅速脱离电源。' },
          { text: '心肺复苏：按压深度 5~6cm，每分钟 100~120 次', say: '心跳停止的，立即进行心肺复苏。' },
        ],
      },
    ],
  },
  {
    file: 'lesson-engineering-economics.mp4',
    tenantId: 1001,
    teacher: '李慧敏',
    subject: '建设工程经济',
    title: '资金时间价值：终值与现值',
    art: 'coins',
    say: '这一讲学习资金时间价值的计算。',
    slides: [
      {
        heading: '一次支付的终值与现值',
        points: [
          { html: '终值 <em>F = P(1+i)ⁿ</em>', say: '终值等于现值乘以一加利率的n次方。' },
          { html: '现值 <em>P = F(1+i)⁻ⁿ</em>', say: '现值是终值的逆运算。' },
        ],
      },
      {
        heading: '例题',
        points: [
          {
            text: '借款 100 万元，年利率 6%，复利计息，3 年末本利和？',
            say: '借款一百万元，年利率百分之六，三年后本利和？',
          },
          { html: 'F = 100 × 1.06³ = <em>119.10 万元</em>', say: '结果约为一百一十九点一万元。' },
        ],
        note: '计息周期越短，有效利率越高',
      },
    ],
  },
  {
    file: 'lesson-building.mp4',
    tenantId: 1001,
    teacher: '李慧敏',
    subject: '建筑工程管理与实务',
    title: '混凝土结构施工要点',
    art: 'crane',
    say: '本讲讲解混凝土结构施工的常考要点。',
    slides: [
      {
        heading: '底模拆除时的混凝土强度',
        points: [
          { html: '跨度 ≤2m 的板：达到设计强度的 <em>50%</em>', say: '跨度两米以内的板，强度达到百分之五十。' },
          { html: '跨度 >8m 的梁：达到设计强度的 <em>100%</em>', say: '跨度大于八米的梁，必须达到百分之百。' },
        ],
      },
      {
        heading: '混凝土养护',
        points: [
          { text: '浇筑完毕后 12h 内覆盖并保湿养护', say: '浇筑完毕后十二小时内覆盖保湿养护。' },
          { text: '硅酸盐、普通硅酸盐水泥：养护不少于 7d', say: '普通硅酸盐水泥养护不少于七天。' },
        ],
        note: '案例题常问：拆模时间是否正确？依据是什么？',
      },
    ],
  },
  {
    file: 'lesson-fire.mp4',
    tenantId: 1001,
    teacher: '刘芳',
    subject: '消防设施操作员',
    title: '火灾分类与灭火器使用',
    art: 'flame',
    say: '这一讲学习火灾分类和灭火器的使用。',
    slides: [
      {
        heading: '火灾分类',
        points: [
          { text: 'A类：固体物质火灾（木材、纸张、棉布）', say: 'A类是固体物质火灾。' },
          { text: 'B类：液体或可熔化固体（汽油、沥青）', say: 'B类是液体火灾。' },
          { text: 'C类：气体火灾；E类：带电火灾', say: 'C类是气体火灾，E类是带电火灾。' },
        ],
      },
      {
        heading: '手提式灭火器的使用',
        points: [
          { html: '<em>一提、二拔、三握、四压</em>', say: '口诀是提、拔、握、压。' },
          { text: '站在上风方向，对准火焰根部喷射', say: '站在上风方向，对准火焰根部。' },
        ],
      },
    ],
  },
  {
    file: 'lesson-math.mp4',
    tenantId: 1001,
    teacher: '赵磊',
    subject: '高等数学（二）',
    title: '两个重要极限',
    art: 'graph',
    say: '这一讲我们学习两个重要极限。',
    slides: [
      {
        heading: '两个重要极限',
        points: [
          { html: '<em>lim<sub>x→0</sub> sin x / x = 1</em>', say: '第一个，x趋于零时，正弦x比x等于一。' },
          { html: '<em>lim<sub>x→∞</sub> (1 + 1/x)<sup>x</sup> = e</em>', say: '第二个，极限等于自然常数e。' },
        ],
      },
      {
        heading: '例题',
        points: [
          { html: '求 lim<sub>x→0</sub> sin 3x / x', say: '例题，求正弦三x比x的极限。' },
          { html: '= 3 · lim<sub>x→0</sub> sin 3x / 3x = <em>3</em>', say: '凑成三倍的第一个重要极限，结果是三。' },
        ],
        note: '方法：把分母凑成与正弦里相同的形式',
      },
    ],
  },
  {
    file: 'lesson-accounting.mp4',
    tenantId: 1002,
    teacher: '周雅琴',
    subject: '会计实务',
    title: '会计要素与会计等式',
    art: 'ledger',
    say: '同学们好，这一讲学习会计要素和会计等式。',
    slides: [
      {
        heading: '六大会计要素',
        points: [
          { text: '资产、负债、所有者权益：反映财务状况', say: '资产、负债、所有者权益，反映财务状况。' },
          { text: '收入、费用、利润：反映经营成果', say: '收入、费用、利润，反映经营成果。' },
        ],
      },
      {
        heading: '会计等式',
        points: [
          { html: '<em>资产 = 负债 + 所有者权益</em>', say: '资产等于负债加所有者权益。' },
          { html: '收入 − 费用 = 利润', say: '收入减费用等于利润。' },
        ],
        note: '任何经济业务都不会破坏会计等式的平衡关系',
      },
    ],
  },
  {
    file: 'lesson-economic-law.mp4',
    tenantId: 1002,
    teacher: '孙浩然',
    subject: '经济法基础',
    title: '法律关系与法律事实',
    art: 'scales',
    say: '本讲学习法律关系和法律事实。',
    slides: [
      {
        heading: '法律关系的三要素',
        points: [
          { html: '<em>主体、内容、客体</em>', say: '法律关系由主体、内容和客体构成。' },
          { text: '客体：物、行为、人格利益、智力成果', say: '客体包括物、行为和智力成果等。' },
        ],
      },
      {
        heading: '法律事实',
        points: [
          { text: '法律事件：与当事人意志无关（地震、人的出生死亡）', say: '法律事件与当事人的意志无关。' },
          { text: '法律行为：以当事人意志为转移（签订合同）', say: '法律行为以人的意志为转移。' },
        ],
      },
    ],
  },
  {
    file: 'lesson-finance.mp4',
    tenantId: 1002,
    teacher: '吴静',
    subject: '财务管理',
    title: '货币时间价值：年金终值',
    art: 'coins',
    say: '这一讲学习年金终值的计算。',
    slides: [
      {
        heading: '复利与年金',
        points: [
          { html: '复利终值 F = P × <em>(F/P, i, n)</em>', say: '复利终值等于现值乘以复利终值系数。' },
          { html: '普通年金终值 F = A × <em>(F/A, i, n)</em>', say: '年金终值等于年金乘以年金终值系数。' },
        ],
      },
      {
        heading: '例题',
        points: [
          { text: '每年末存入 10000 元，利率 5%，5 年后本利和？', say: '每年末存入一万元，五年后本利和？' },
          { html: 'F = 10000 × 5.5256 = <em>55256 元</em>', say: '查表得系数五点五二五六。' },
        ],
      },
    ],
  },
  {
    file: 'lesson-hr.mp4',
    tenantId: 1002,
    teacher: '郑晓东',
    subject: '企业人力资源管理师',
    title: '人力资源规划与需求预测',
    art: 'people',
    say: '本讲学习人力资源规划与需求预测。',
    slides: [
      {
        heading: '人力资源规划的内容',
        points: [
          { text: '战略规划、组织规划、制度规划', say: '规划包括战略、组织和制度规划，' },
          { text: '人员规划、费用规划', say: '以及人员规划和费用规划。' },
        ],
      },
      {
        heading: '需求预测方法',
        points: [
          { text: '定性：经验判断法、德尔菲法', say: '定性方法有经验判断法和德尔菲法。' },
          { text: '定量：趋势外推法、回归分析法', say: '定量方法有趋势外推和回归分析。' },
        ],
        note: '德尔菲法：匿名、多轮反馈，专家意见逐步趋于一致',
      },
    ],
  },
  {
    file: 'lesson-teacher.mp4',
    tenantId: 1002,
    teacher: '何丽华',
    subject: '教师资格证 · 综合素质',
    title: '教师职业理念',
    art: 'book',
    say: '这一讲学习教师职业理念。',
    slides: [
      {
        heading: '素质教育观',
        points: [
          { text: '面向全体学生', say: '素质教育要面向全体学生，' },
          { text: '促进学生全面发展、个性发展', say: '促进学生全面发展和个性发展。' },
        ],
      },
      {
        heading: '学生观',
        points: [
          { text: '学生是发展的人', say: '学生是发展的人，' },
          { text: '学生是独特的人、具有独立意义的人', say: '是独特的人，是具有独立意义的人。' },
        ],
        note: '材料分析题：先判断观点，再结合材料逐条分析',
      },
    ],
  },
  {
    file: 'lesson-digital-economy.mp4',
    tenantId: 1002,
    teacher: '马骏',
    subject: '专业技术人员公需科目',
    title: '数字经济的内涵与“四化”框架',
    art: 'chip',
    say: '本讲介绍数字经济的内涵。',
    slides: [
      {
        heading: '什么是数字经济',
        points: [
          { text: '以数据资源为关键生产要素', say: '数字经济以数据资源为关键生产要素，' },
          { text: '以现代信息网络为重要载体', say: '以现代信息网络为重要载体。' },
        ],
      },
      {
        heading: '数字经济的“四化”框架',
        points: [
          { text: '数字产业化、产业数字化', say: '四化是数字产业化、产业数字化，' },
          { text: '数字化治理、数据价值化', say: '数字化治理和数据价值化。' },
        ],
      },
    ],
  },
  {
    file: 'lesson-marxism.mp4',
    tenantId: 1002,
    teacher: '马骏',
    subject: '马克思主义基本原理',
    title: '物质与意识',
    art: 'star',
    say: '这一讲学习物质和意识的关系。',
    slides: [
      {
        heading: '物质',
        points: [
          { text: '物质是不依赖于人的意识、并能为人的意识所反映的客观实在', say: '物质是不依赖于意识的客观实在。' },
          { text: '运动是物质的根本属性', say: '运动是物质的根本属性。' },
        ],
      },
      {
        heading: '意识的能动作用',
        points: [
          { text: '意识活动具有目的性、计划性和创造性', say: '意识具有目的性和创造性，' },
          { text: '意识能够指导实践改造客观世界', say: '能够指导实践改造客观世界。' },
        ],
      },
    ],
  },
]
