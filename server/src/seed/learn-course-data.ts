/**
 * The course extras of the demo tenants (docs/DECISIONS.md "Course extras"), seeded by ./learn-course.ts:
 * - an old edition of the continuing-education goods, off sale and replaced by the current one (the learning tab's
 *   课程已更新), with its own course;
 * - the hour target of the continuing-education goods (a share of its total video length);
 * - the section tests of its course: a bank carried by the goods, one test paper after each chapter's last lesson;
 * - the learning prompts (学习须知, 考试须知), one of them the goods' own.
 */

export interface TestQuestionSeed {
  /** 1 single choice, 3 true / false */
  type: 1 | 3
  title: string
  /** single choice: the options A, B, C, D */
  options?: string[]
  /** the right option letter (true / false: A = 正确, B = 错误) */
  ans: string
  analysis: string
}

export interface LearnCourseSeed {
  /** the current edition (a course goods of the catalogue, ./shop-data.ts) */
  goodsName: string
  old: {
    name: string
    /** a seed image (server/media/images) of its own: every goods has a distinct cover */
    cover: string
    /** the course keeps its name across editions (its lesson video follows the name, ./learn-data.ts) */
    courseName: string
    chapterName: string
    sectionNames: string[]
    description: string
  }
  /** the hour target: this share of the goods' total video length */
  hoursShare: number
  testBank: string
  /** one test per chapter of the goods' first course, in chapter order */
  tests: { paperName: string; questions: TestQuestionSeed[] }[]
  prompts: { key: string; forGoods: boolean; title: string; content: string }[]
}

const html = (...ps: string[]) => ps.map((p) => `<p>${p}</p>`).join('')

const STUDY_PROMPT = (school: string) =>
  html(
    `1. 学时以系统记录的实际观看时长为准，同一段内容重复观看不重复计算；倍速播放和拖动进度不计学时。`,
    '2. 学习过程中会随机进行人脸拍照核验，请保持正脸在画面内，否则学时暂停累计。',
    '3. 同一账号只能在一台设备上学习，多开或挂机产生的记录不计学时。',
    `4. 如发现学时与实际不符，可在学习页点击“重新计算学时”，仍有问题请联系${school}客服。`,
  )

const EXAM_PROMPT = html(
  '1. 考试开始后计时不暂停，到时自动交卷；请确认网络畅通后再进入。',
  '2. 考试期间不能查看题库答案与解析，切换应用可能被记为异常。',
  '3. 成绩达到合格分即为通过，合格后可在“我的证书”中查看电子证书。',
)

export const LEARN_COURSE_SEEDS: Record<number, LearnCourseSeed> = {
  1001: {
    goodsName: '安全员继续教育（2025年度必修）',
    old: {
      name: '安全员继续教育（2024年度必修）',
      cover: 'figure-work-at-height.jpg',
      courseName: '安全员年度继续教育',
      chapterName: '模块一 法规要点回顾',
      sectionNames: ['法规回顾·考点精讲', '法规回顾·章节小结'],
      description: html('2024年度安全员继续教育必修课程（已由2025年度课程替代）。'),
    },
    hoursShare: 0.8,
    testBank: '安全员继续教育随堂测试',
    tests: [
      {
        paperName: '模块一 新法规解读·随堂测试',
        questions: [
          {
            type: 1,
            title: '生产经营单位的主要负责人对本单位的安全生产工作负什么责任？',
            options: ['全面责任', '部分责任', '监督责任', '连带责任'],
            ans: 'A',
            analysis:
              '《安全生产法》规定，生产经营单位的主要负责人是本单位安全生产第一责任人，对安全生产工作全面负责。',
          },
          {
            type: 3,
            title: '安全生产工作应当坚持安全第一、预防为主、综合治理的方针。',
            ans: 'A',
            analysis: '这是《安全生产法》规定的安全生产工作方针。',
          },
          {
            type: 1,
            title: '从业人员发现直接危及人身安全的紧急情况时，有权采取的做法是：',
            options: [
              '继续作业并报告',
              '停止作业或在采取可能的应急措施后撤离作业场所',
              '等待负责人批准',
              '只能报告不能撤离',
            ],
            ans: 'B',
            analysis: '从业人员享有紧急情况下的停止作业和紧急撤离权。',
          },
        ],
      },
      {
        paperName: '模块二 典型事故案例·随堂测试',
        questions: [
          {
            type: 3,
            title: '事故调查处理应当坚持“四不放过”原则，其中包括事故责任者没有受到处理不放过。',
            ans: 'A',
            analysis: '“四不放过”：原因未查清、责任人未处理、整改措施未落实、有关人员未受到教育不放过。',
          },
          {
            type: 1,
            title: '高处作业坠落事故最直接的预防措施是：',
            options: ['加快作业速度', '正确使用安全带并设置防护栏杆', '减少作业人数', '夜间作业'],
            ans: 'B',
            analysis: '安全带、防护栏杆和安全网是防止高处坠落的直接措施。',
          },
          {
            type: 3,
            title: '施工现场临时用电可以不设置漏电保护器。',
            ans: 'B',
            analysis: '施工现场临时用电必须采用 TN-S 系统并设置两级漏电保护。',
          },
        ],
      },
    ],
    prompts: [
      { key: 'study', forGoods: false, title: '学习须知', content: STUDY_PROMPT('学校') },
      { key: 'exam', forGoods: false, title: '考试须知', content: EXAM_PROMPT },
      {
        key: 'study',
        forGoods: true,
        title: '安全员继续教育学习须知',
        content: html(
          '1. 本年度继续教育须完成全部必修课程，累计学时达标并通过各模块随堂测试，方可打印学时证明。',
          '2. 学时以实际观看时长为准，倍速和拖动不计学时；学习中会随机拍照核验。',
          '3. 学时证明在考核全部完成后次日可在“学时证明”中查看。',
        ),
      },
    ],
  },
  1002: {
    goodsName: '会计人员继续教育（2025年度）',
    old: {
      name: '会计人员继续教育（2024年度）',
      cover: 'news-1002-1.jpg',
      courseName: '会计人员年度专业科目',
      chapterName: '模块一 会计准则回顾',
      sectionNames: ['准则回顾·考点精讲', '准则回顾·章节小结'],
      description: html('2024年度会计人员继续教育专业科目（已由2025年度课程替代）。'),
    },
    hoursShare: 0.8,
    testBank: '会计人员继续教育随堂测试',
    tests: [
      {
        paperName: '模块一 企业会计准则解读·随堂测试',
        questions: [
          {
            type: 1,
            title: '企业应当以什么为基础进行会计确认、计量和报告？',
            options: ['收付实现制', '权责发生制', '现金制', '实地盘存制'],
            ans: 'B',
            analysis: '《企业会计准则——基本准则》规定企业应当以权责发生制为基础进行会计确认、计量和报告。',
          },
          {
            type: 3,
            title: '可靠性要求企业以实际发生的交易或者事项为依据进行确认、计量和报告。',
            ans: 'A',
            analysis: '这是会计信息质量要求中的可靠性。',
          },
          {
            type: 1,
            title: '下列属于会计要素中“资产”特征的是：',
            options: ['由过去的交易或事项形成', '预期会导致经济利益流出', '由未来交易形成', '与企业无关'],
            ans: 'A',
            analysis: '资产是由企业过去的交易或者事项形成的、企业拥有或控制的、预期会给企业带来经济利益的资源。',
          },
        ],
      },
      {
        paperName: '模块二 税收政策更新·随堂测试',
        questions: [
          {
            type: 3,
            title: '小规模纳税人可以适用简易计税方法计算缴纳增值税。',
            ans: 'A',
            analysis: '小规模纳税人发生应税销售行为，实行按照销售额和征收率计算应纳税额的简易办法。',
          },
          {
            type: 1,
            title: '企业所得税的基本税率是：',
            options: ['15%', '20%', '25%', '30%'],
            ans: 'C',
            analysis: '企业所得税法规定的基本税率为 25%。',
          },
          {
            type: 3,
            title: '个人所得税综合所得包括经营所得。',
            ans: 'B',
            analysis: '综合所得包括工资薪金、劳务报酬、稿酬和特许权使用费四项，经营所得单独计税。',
          },
        ],
      },
    ],
    prompts: [
      { key: 'study', forGoods: false, title: '学习须知', content: STUDY_PROMPT('学校') },
      { key: 'exam', forGoods: false, title: '考试须知', content: EXAM_PROMPT },
      {
        key: 'study',
        forGoods: true,
        title: '会计人员继续教育学习须知',
        content: html(
          '1. 会计人员每年参加继续教育取得的学分不少于 90 学分，其中专业科目一般不少于总学分的三分之二。',
          '2. 完成全部课程、学时达标并通过随堂测试后，学时将自动登记。',
          '3. 学时以实际观看时长为准，倍速和拖动不计学时。',
        ),
      },
    ],
  },
}

/** true / false questions' options (the bank's convention: A 正确, B 错误) */
export const JUDGE = ['正确', '错误']
