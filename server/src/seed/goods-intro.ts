/**
 * The goods introductions of the demo catalogues (the detail page's rich text; docs/DECISIONS.md "Demo content"):
 * what the goods covers and how it is taught, who it is for, its contents, its teachers, the exam it prepares for and
 * what comes with it. The prose is written per goods (INTROS) and per business (EXAMS); the contents, the teachers,
 * the numbers of questions, papers and handouts come from the seed data itself (./shop-data.ts, ./bank-data,
 * ./learn-data.ts, ./live-data.ts), so what the page claims is what the goods holds.
 */
import { type Bank, type BankData, loadBankData } from './bank-data'
import { learnSeeds } from './learn-data'
import { LIVE_SEEDS } from './live-data'
import { CATALOGUES, type CatalogueSeed, type GoodsSeed } from './shop-data'

interface Intro {
  /** what the goods covers and how it is taught: two or three paragraphs */
  about: string[]
  /** who it is for */
  audience: string
}

/** tenant -> goods key -> its own prose */
const INTROS: Record<number, Record<string, Intro>> = {
  1001: {
    'aq-full': {
      about: [
        '课程按2025年版考试大纲编排，由《安全生产法律法规精讲》和《安全生产管理实务》两门课程组成：前者逐条讲解《安全生产法》及配套法规中的考点，后者讲透事故致因理论、安全生产责任制和事故调查处理。',
        '每节课都有视频讲解和配套讲义，法律法规中的重要数字（时间、人数、金额）在讲义中整理成表格，方便考前记忆。课程随到随学，有效期内可以反复观看。',
      ],
      audience:
        '生产经营单位的主要负责人、分管安全的负责人和专兼职安全生产管理人员，需要参加安全生产知识和管理能力考核的学员。零基础也可以从第一章开始学。',
    },
    'aq-bank': {
      about: [
        '题库按考试大纲分为安全生产法律法规、安全生产管理、安全生产技术、职业健康、应急管理、事故调查与处理、危险化学品与重大危险源、特种设备与特种作业八个章节，题型包括单选、多选、判断、案例分析和简答。',
        '每道题都有答案解析；答错的题目自动进入错题本，按记忆规律安排复习。两套模拟试卷按正式考试的题型比例组卷，限时90分钟，80%为合格线。',
      ],
      audience: '备考安全生产管理人员考核的学员，适合在学完课程后做章节练习，考前用模拟试卷检验。',
    },
    'tz-dg': {
      about: [
        '课程覆盖低压电工作业理论考试的主要模块：电工基础知识、低压电器和电气安全技术，重点讲解安全电压、电流对人体的作用、触电方式、防触电技术措施和触电急救。',
        '触电急救（脱离电源、心肺复苏）是实际操作考核的必考项目，课程讲清楚每一步的操作要领和考核要点，讲义附有步骤清单。',
      ],
      audience:
        '需要取得低压电工作业特种作业操作证的电工、设备维修人员和工厂、物业的电气从业人员（年满18周岁，具有初中及以上文化程度）。',
    },
    'tz-bank': {
      about: [
        '题库按低压电工作业理论考试的四个模块分章：电工基础知识、电气安全技术、低压电器与配电线路、触电急救与电气防火，题型为单选、多选和判断。',
        '每道题附有解析，讲清楚规定的出处和容易混淆的数字；模拟试卷包含题库的全部题目，限时60分钟，60%为合格线。',
      ],
      audience: '备考低压电工作业操作证理论考试的学员，也适合复审前回顾知识。',
    },
    'yj-jj': {
      about: [
        '课程按《建设工程经济》的三大篇章组织：工程经济、工程财务和建设工程估价。资金时间价值、技术方案经济效果评价、成本与费用、工程计价是每年分值最高的部分。',
        '计算题是这门课的难点，老师把每个公式的来历、适用条件和常见陷阱讲清楚，例题都配有完整的计算过程。',
      ],
      audience: '报考一级建造师、需要通过《建设工程经济》科目的学员，尤其是非财经专业、对计算题没有把握的考生。',
    },
    'yj-sw': {
      about: [
        '课程覆盖《建筑工程管理与实务》的建筑工程技术、施工进度管理、施工质量管理和施工安全管理四个部分，重点讲解混凝土结构、模板、钢筋等施工技术中的关键数值。',
        '案例题占实务科目的大部分分值，课程在每章讲解典型案例的答题思路：先判断做法是否妥当，再写出正确做法和依据。',
      ],
      audience: '报考一级建造师建筑工程专业的学员，以及需要系统复习施工技术和管理要点的项目技术人员。',
    },
    'yj-bank': {
      about: [
        '题库包含一级建造师四个科目的章节练习：建设工程经济、建设工程法规及相关知识、建设工程项目管理、建筑工程管理与实务，每章配有单选、多选和判断题。',
        '模拟试卷汇总四科的全部题目，限时60分钟，用来检验各科的掌握情况。',
      ],
      audience: '报考一级建造师、希望用练习巩固课程内容的学员。',
    },
    'yj-live': {
      about: [
        '考前冲刺直播班共三次直播：高频考点串讲、案例题答题技巧和押题卷精讲，每次90分钟，老师边讲课件边答疑。',
        '直播中可以在聊天区提问，老师现场解答，还有签到、随堂答题等互动。',
      ],
      audience: '已经完成第一轮学习、需要考前冲刺的一级建造师考生。',
    },
    'ej-sw': {
      about: [
        '课程覆盖二级建造师《建筑工程管理与实务》的建筑工程施工技术和建筑工程项目施工管理两个部分，讲解施工技术中的数字规定和施工管理中的进度、质量、安全要求。',
        '二建实务同样以案例题为主，课程中的例题按考试题型编写，讲义整理了常考的数字表格。',
      ],
      audience: '报考二级建造师建筑工程专业的学员。',
    },
    'xf-live': {
      about: [
        '三次直播分别讲授消防基础知识、火灾自动报警系统操作和灭火器与消火栓的使用，每次120分钟，理论讲解和实物演示相结合。',
        '直播中设有签到、随堂提问和答题互动，帮助学员掌握初级技能考核的操作流程。',
      ],
      audience: '准备参加消防设施操作员（初级）职业技能等级认定的学员，以及消防控制室的值班人员。',
    },
    'aq-free': {
      about: [
        '公开课用三节课讲清楚2021年修正的《安全生产法》：修订背景与总体思路、生产经营单位的主体责任、法律责任的变化。',
        '课程免费观看，配套讲义也可以免费下载，适合在报名全程班之前先了解这门课。',
      ],
      audience: '关心安全生产的从业人员，特别是准备参加安全生产管理人员考核、想先试听的学员。',
    },
    'tz-free': {
      about: [
        '免费题库精选了安全生产法律法规的基础练习题，题型有单选、多选、判断、案例分析和简答，帮助特种作业人员掌握安全生产的基本法律要求。',
        '可以随时练习，每道题都有解析，答错的题目同样进入错题本。',
      ],
      audience: '特种作业人员和准备参加特种作业取证的学员。',
    },
    'yj-pkg': {
      about: [
        '套餐包含《建设工程经济》精讲班、《建筑工程管理与实务》精讲班、一级建造师四科题库和考前冲刺直播班，覆盖系统学习、章节练习和考前冲刺的全过程。',
        '比分别购买更优惠；套餐内的课程、题库和直播都在套餐的有效期内使用。',
      ],
      audience: '报考一级建造师建筑工程专业、希望一次配齐课程和题库的学员。',
    },
    'aq-pkg': {
      about: [
        '套餐包含《2025安全生产管理人员全程班》和《安全生产管理人员考试题库》：先跟课程系统学习，再用题库的章节练习和模拟试卷检验。',
        '比分别购买更优惠，适合希望一次通过考核的学员。',
      ],
      audience: '需要参加安全生产管理人员考核的主要负责人和安全生产管理人员。',
    },
    'aq-jx': {
      about: [
        '2025年度建筑施工企业安全员继续教育必修课程，分为新法规解读和典型事故案例两个模块，每个模块学完后有随堂测试。',
        '学时以实际观看时长为准，倍速和拖动不计学时，学习中会随机拍照核验。全部模块学完、测试合格后，可以打印学时证明。',
      ],
      audience: '持有建筑施工企业安全生产考核合格证书（“三类人员”）、需要完成年度继续教育的人员。',
    },
    'ck-math': {
      about: [
        '按成人高考专升本《高等数学（二）》的考试大纲，从极限与连续讲到一元函数微分学和一元函数积分学，每个知识点都从最基础的概念讲起。',
        '课程配有大量例题，讲解解题的步骤和方法；两个重要极限、导数和积分的计算是重点。',
      ],
      audience: '报考成人高考专升本经济管理、农学等专业，需要考《高等数学（二）》的学员，数学基础薄弱也能跟上。',
    },
  },
  1002: {
    'cj-sw': {
      about: [
        '课程按《初级会计实务》的章节顺序讲解会计概述、会计基础、流动资产和非流动资产，从会计要素和会计等式讲起，逐步过渡到具体业务的账务处理。',
        '每个知识点都配有分录例题，讲义把容易混淆的科目和分录整理成对比表。',
      ],
      audience: '报考初级会计职称的学员，包括零基础转行的学员和在校学生。',
    },
    'cj-jjf': {
      about: [
        '课程覆盖《经济法基础》的总论、会计法律制度和支付结算法律制度，用案例讲解法条，帮助理解而不是死记。',
        '总论中的法律关系、法律事实和民事行为能力每年必考，课程用例题讲清楚判断方法。',
      ],
      audience: '报考初级会计职称、需要通过《经济法基础》的学员。',
    },
    'cj-bank': {
      about: [
        '题库包含《初级会计实务》和《经济法基础》的章节练习：会计概述、资产、经济法总论与劳动合同、支付结算法律制度，题型为单选、多选和判断。',
        '模拟试卷汇总全部题目，限时60分钟，按机考的方式作答。',
      ],
      audience: '报考初级会计职称的学员。',
    },
    'zj-sw': {
      about: [
        '课程重点讲解中级会计实务中的存货、长期股权投资和金融资产等难点章节，从会计要素的基础讲起，再到复杂业务的确认和计量。',
        '主观题是中级实务的得分关键，课程在每章讲解分录的编写和计算题的答题步骤。',
      ],
      audience: '报考中级会计职称、已经具备初级会计基础的学员。',
    },
    'zj-cg': {
      about: [
        '课程覆盖中级《财务管理》的总论、财务管理基础和筹资管理。货币时间价值是全书的计算基础，课程用系数表和时间轴讲清楚每一种年金。',
        '讲义整理了公式和系数之间的关系，方便考前速记。',
      ],
      audience: '报考中级会计职称、需要通过《财务管理》的学员。',
    },
    'zj-bank': {
      about: [
        '题库包含中级会计实务、财务管理和经济法三科的章节练习，题型为单选、多选和判断。',
        '模拟试卷汇总三科的全部题目，限时60分钟。',
      ],
      audience: '报考中级会计职称的学员。',
    },
    'zj-live': {
      about: [
        '考前冲刺直播班共三次直播：实务主观题精讲、财管计算题专项和经济法综合题，每次90分钟。',
        '直播中可以在聊天区提问，老师现场解答，还有签到、随堂答题等互动。',
      ],
      audience: '已经完成系统学习、准备考前冲刺的中级会计考生。',
    },
    'hr-3': {
      about: [
        '课程覆盖企业人力资源管理师（三级）的人力资源规划、招聘与配置、培训与开发等模块，理论知识与专业技能并重。',
        '专业技能题要求写出方法和步骤，课程在每一章讲解答题要点和常见的案例题型。',
      ],
      audience: '从事人力资源工作、准备参加企业人力资源管理师（三级）职业技能等级认定的学员。',
    },
    'js-zh': {
      about: [
        '课程覆盖《综合素质》的职业理念、教育法律法规和写作能力三章。职业理念中的素质教育观、学生观、教师观是材料分析题的高频考点。',
        '写作部分讲解作文的审题、立意和结构，提供可以直接运用的写作框架。',
      ],
      audience: '报考中小学教师资格证笔试的学员。',
    },
    'kj-jx': {
      about: [
        '2025年度会计人员继续教育专业科目课程，包括企业会计准则解读和税收政策更新两个模块，每个模块学完后有随堂测试。',
        '学时以实际观看时长为准，全部模块学完、测试合格后学时自动登记，可以打印学时证明。',
      ],
      audience: '在职会计人员，需要完成年度继续教育专业科目学分的学员。',
    },
    'gx-free': {
      about: [
        '2025年度专业技术人员公需科目，围绕数字经济概论、数据要素与安全、创新驱动发展战略三个专题，免费学习。',
        '学时按实际观看时长登记，计入年度继续教育的公需科目学时。',
      ],
      audience: '各行业的专业技术人员。',
    },
    'kj-free': {
      about: [
        '免费题库精选了会计概述一章的练习题，题型为单选、多选和判断，每道题都有答案解析。',
        '每天练一练，答错的题目自动进入错题本，按记忆规律安排复习。',
      ],
      audience: '准备学习会计或者备考初级会计职称的学员。',
    },
    'cj-pkg': {
      about: [
        '套餐包含初级会计实务精讲班、经济法基础精讲班和初级会计职称题库，两科课程加题库一次配齐。',
        '比分别购买更优惠。',
      ],
      audience: '报考初级会计职称、两科一起备考的学员。',
    },
    'zj-pkg': {
      about: [
        '套餐包含中级会计实务精讲班、中级财务管理精讲班、中级会计职称三科题库和考前冲刺直播班。',
        '从系统学习、章节练习到考前冲刺一站式备考，比分别购买更优惠。',
      ],
      audience: '报考中级会计职称的学员。',
    },
    'zk-my': {
      about: [
        '自考公共课《马克思主义基本原理》，讲解物质世界及其发展规律、认识世界和改造世界两章，配有重点背诵提纲。',
        '课程用常考的成语和例子讲清楚哲学原理的判断方法，每一讲都有典型例题。',
      ],
      audience: '参加高等教育自学考试、需要考公共课《马克思主义基本原理》的学员。',
    },
    'ej-bank': {
      about: [
        '题库按二级建造师《建设工程施工管理》的八章分章练习：施工管理与组织、施工组织设计与项目管理规划、施工成本管理、施工进度管理、施工质量管理、施工安全管理、施工合同管理、环境保护与文明施工。',
        '两套模拟试卷按正式考试的题型组卷，限时180分钟，60%为合格线；另有一套免费试卷可以先试做。',
      ],
      audience: '报考二级建造师、需要通过《建设工程施工管理》的学员。',
    },
  },
}

/** business name -> the exam (or the rule) its goods prepare for */
const EXAMS: Record<string, string> = {
  安全生产管理人员:
    '安全生产知识和管理能力考核由省级应急管理部门或其委托的机构组织，采用计算机考试，满分100分，80分合格。考核合格后取得安全生产知识和管理能力考核合格证明，有效期3年。',
  特种作业:
    '特种作业操作证考试包括安全技术理论考试和实际操作考核，两项都合格后由考核发证机关颁发特种作业操作证。证书有效期6年，每3年复审1次，全国通用。',
  一级建造师:
    '一级建造师执业资格考试全国统一大纲、统一命题、统一组织，一般在每年9月举行，设建设工程经济、建设工程法规及相关知识、建设工程项目管理和专业工程管理与实务四个科目，须在连续的两个考试年度内通过全部科目。',
  二级建造师:
    '二级建造师执业资格考试由各省组织，一般在每年5月至6月举行，设建设工程施工管理、建设工程法规及相关知识和专业工程管理与实务三个科目，须在连续的两个考试年度内通过全部科目。',
  消防设施操作员:
    '消防设施操作员职业技能等级认定分理论知识考试和技能考核，均实行百分制，两项成绩都达到60分及以上为合格，合格后取得相应等级的职业技能等级证书。',
  安全员继续教育:
    '建筑施工企业主要负责人、项目负责人和专职安全生产管理人员应当每年参加安全生产继续教育，继续教育情况是安全生产考核合格证书延续的依据之一。',
  成人高考专升本:
    '成人高等学校招生全国统一考试一般在每年10月举行，专升本考试科目为政治、英语和一门专业基础课，每科满分150分；《高等数学（二）》是经济管理、农学等专业的专业基础课。',
  初级会计职称:
    '全国会计专业技术初级资格考试采用无纸化考试，一般在每年5月举行，设《初级会计实务》和《经济法基础》两个科目，须在一个考试年度内通过全部科目，每科满分100分，60分合格。',
  中级会计职称:
    '全国会计专业技术中级资格考试采用无纸化考试，一般在每年9月举行，设《中级会计实务》《财务管理》和《经济法》三个科目，成绩实行2年为一个周期的滚动管理，每科满分100分，60分合格。',
  企业人力资源管理师:
    '企业人力资源管理师职业技能等级认定包括理论知识考试和专业技能考核，均实行百分制，两项成绩都达到60分及以上为合格。',
  教师资格证:
    '中小学教师资格考试笔试每年上、下半年各举行一次，各科满分150分，一般70分合格；单科合格成绩有效期2年，笔试全部合格后参加面试。',
  会计人员继续教育:
    '会计专业技术人员每年参加继续教育取得的学分不少于90学分，其中专业科目一般不少于总学分的三分之二，学分当年度有效，不得结转。',
  专业技术人员公需科目:
    '专业技术人员每年参加继续教育不少于90学时，公需科目一般不超过总学时的三分之一，学时由各地人力资源社会保障部门认定。',
  自学考试:
    '高等教育自学考试每年4月和10月举行，《马克思主义基本原理》是本科阶段的公共课，满分100分，60分合格，单科合格成绩长期有效。',
}

const TYPE_NAMES: Record<number, string> = { 1: '课程', 2: '题库', 3: '直播课', 4: '套餐' }
const QUESTION_TYPES = ['单选', '多选', '判断', '案例分析', '简答']

const p = (text: string) => `<p>${text}</p>`
const ul = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

const banks = new Map<number, BankData>()
/** A tenant's bank data, built once. */
const bankData = (tenantId: number) => {
  if (!banks.has(tenantId)) banks.set(tenantId, loadBankData(tenantId))
  return banks.get(tenantId)!
}

/** The question bank a bank goods holds: a data bank named after it, or (free goods) the trial chapter. */
export function bankOfGoods(tenantId: number, g: GoodsSeed, data: BankData = bankData(tenantId)): Bank | undefined {
  if (g.type !== 2) return undefined
  if (g.price > 0) return data.banks.find((b) => b.goods === g.name)
  const source = data.banks.find((b) => b.name === data.freeFrom) ?? data.banks[0]
  const first = source?.chapters[0]
  return first ? { name: g.name, chapters: [first] } : undefined
}

/** The number of questions of a bank goods (tags and pages claim no more: tests/server/seed-content.test.ts). */
export const bankQuestionCount = (tenantId: number, g: GoodsSeed) =>
  bankOfGoods(tenantId, g)?.chapters.reduce((n, c) => n + c.questions.length, 0) ?? 0

function bankContents(tenantId: number, g: GoodsSeed): string {
  const data = bankData(tenantId)
  const b = bankOfGoods(tenantId, g, data)
  if (!b) return ''
  const all = b.chapters.flatMap((c) => c.questions)
  const byType = QUESTION_TYPES.map((name, i) => [name, all.filter((q) => q.type === i + 1).length] as const)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${name}${n}道`)
  const papers = g.price > 0 ? data.papers.filter((x) => (x.bank ?? data.banks[0]?.name) === b.name) : []
  const paperText = papers.length > 0 ? `，另有试卷${papers.length}套（${papers.map((x) => x.name).join('、')}）` : ''
  return (
    p(`题库共${b.chapters.length}章、${all.length}道题（${byType.join('、')}）${paperText}。`) +
    ul(b.chapters.map((c) => `${esc(c.name)}：${c.questions.length}道`))
  )
}

function courseContents(tenantId: number, g: GoodsSeed, cat: CatalogueSeed): string {
  const courses = g.courses ?? []
  const sections = courses.reduce((n, c) => n + c.chapters.reduce((m, [, s]) => m + s.length, 0), 0)
  const live = LIVE_SEEDS[tenantId]?.goods[g.key]
  const lead =
    g.type === 3
      ? `共${sections}次直播${live ? `，每次${live.minutes}分钟` : ''}：`
      : `共${courses.length}门课程、${sections}节视频课：`
  const rows = courses.map((c) => {
    const teacher = cat.teachers[c.teacher]?.name
    const chapters = c.chapters.map(([name, s]) =>
      g.type === 3 ? s.map((x) => x.replace(/^\*/, '')).join('；') : `${name}（${s.length}节）`,
    )
    return `《${esc(c.name)}》${teacher ? `（主讲：${esc(teacher)}）` : ''}：${esc(chapters.join('；'))}`
  })
  return p(lead) + ul(rows)
}

function packageContents(cat: CatalogueSeed, g: GoodsSeed): string {
  const items = (g.items ?? []).map((k) => cat.goods.find((x) => x.key === k)).filter((x) => x !== undefined)
  return p(`套餐包含${items.length}件商品：`) + ul(items.map((x) => `${TYPE_NAMES[x.type]}：${esc(x.name)}`))
}

/** Handouts that come with a goods: its own (course goods) or its items' (packages). */
function handoutCount(tenantId: number, g: GoodsSeed): number {
  const seeds = learnSeeds(tenantId)
  const own = (key: string) => seeds.find((s) => s.key === key)?.handouts.length ?? 0
  return g.type === 4 ? (g.items ?? []).reduce((n, k) => n + own(k), 0) : own(g.key)
}

/** The rich-text introduction of a seeded goods (sanitised by the caller like any description). */
export function goodsIntro(tenantId: number, g: GoodsSeed): string {
  const cat = CATALOGUES[tenantId]
  const intro = INTROS[tenantId]?.[g.key]
  if (!cat || !intro) return p(g.description)
  const contents =
    g.type === 2 ? bankContents(tenantId, g) : g.type === 4 ? packageContents(cat, g) : courseContents(tenantId, g, cat)
  const teachers = g.teachers
    .map((i) => cat.teachers[i])
    .filter((t) => t !== undefined)
    .map((t) => p(`<strong>${esc(t.name)}</strong>　${esc(t.title)}。${esc(t.intro)}`))
    .join('')
  const handouts = handoutCount(tenantId, g)
  const service = [
    g.validityDays > 0 ? `有效期：购买后${g.validityDays}天内有效，期间可反复学习。` : '有效期：长期有效。',
    ...(handouts > 0 ? [`配套讲义${handouts}份，可在线阅读和下载。`] : []),
    g.type === 2 || g.type === 4 ? '答错的题目自动进入错题本，按记忆规律安排复习。' : '',
    '手机和电脑同步学习，学习进度自动保存；学习中遇到问题可以联系在线客服。',
  ].filter(Boolean)
  const exam = EXAMS[g.business]
  // the lead paragraphs first (lists show the start of a description), then the parts under headings
  return [
    intro.about.map(p).join(''),
    `<h3>适合人群</h3>${p(intro.audience)}`,
    `<h3>${g.type === 2 ? '题库内容' : g.type === 4 ? '套餐内容' : '课程内容'}</h3>${contents}`,
    teachers ? `<h3>${g.type === 2 ? '答疑老师' : '授课老师'}</h3>${teachers}` : '',
    exam ? `<h3>考试说明</h3>${p(exam)}` : '',
    `<h3>学习服务</h3>${ul(service)}`,
  ].join('')
}
