/** Shapes of the seeded question banks (server/src/seed/bank-data). */
export type Difficulty = 1 | 2 | 3

export interface OptionItem {
  key: string
  value: string
}

/** A sub-question of a composite (case analysis) question, stored in its `jsonStr`. */
export interface BankSubQuestion {
  type: 1 | 2 | 3
  title: string
  optionsList: OptionItem[]
  ans: string
  score: number
  partScore?: number
  analysis: string
  /** The learner's answer; null in the bank. */
  ques: null
}

export interface BankQuestion {
  /** Unique within the tenant (1001: 100001..., 1002: 200001...). */
  id: number
  chapter: string
  /** 1 single choice, 2 multiple choice, 3 judgement, 4 composite, 5 essay. */
  type: 1 | 2 | 3 | 4 | 5
  title: string
  optionsList: OptionItem[]
  /** Letters ('A', 'A,C'); '' for composite and essay. */
  ans: string
  score: number
  partScore?: number
  /** Explanation; for essays the reference answer. */
  analysis: string
  difficulty: Difficulty
  /** Composite only: JSON array of `BankSubQuestion`. */
  jsonStr?: string
}

export interface BankChapter {
  name: string
  questions: BankQuestion[]
}

export interface Bank {
  name: string
  /** name of the question-bank goods it belongs to (unnamed: the i-th paid question-bank goods) */
  goods?: string
  chapters: BankChapter[]
}

export interface BankPaper {
  name: string
  /** name of the bank it belongs to (default: the first bank) */
  bank?: string
  /** 'mock' 模拟试卷, 'free' 免费试卷. */
  kind: 'mock' | 'free'
  durationMinutes: number
  totalScore: number
  /** Score needed to pass; null = the default 60% rule of `scorePaper`. */
  passScore: number | null
  questionIds: number[]
}

export interface BankData {
  banks: Bank[]
  papers: BankPaper[]
  /** the bank whose first chapter the free question-bank goods get (default: the first bank) */
  freeFrom?: string
}
