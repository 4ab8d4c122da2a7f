/** Q and A rows on the wire (learner list and staff desk alike): the question, its target's names, its replies. */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm'
import { answerReply, course, courseSection, question, userAnswer } from '../../db/schema'
import { type Scoped, toSeconds } from '../../http/core'
import { stemOf } from '../note/targets'

export type { Scoped }

export const answerColumns = {
  answerId: userAnswer.id,
  userId: userAnswer.userId,
  content: userAnswer.content,
  imageList: userAnswer.imageList,
  goodsId: userAnswer.goodsId,
  courseId: userAnswer.courseId,
  courseName: course.name,
  sectionId: userAnswer.sectionId,
  sectionName: courseSection.name,
  questionId: userAnswer.questionId,
  questionHtml: question.title,
  status: userAnswer.status,
  answeredAt: userAnswer.answeredAt,
  seenAt: userAnswer.seenAt,
  createdAt: userAnswer.createdAt,
  updatedAt: userAnswer.updatedAt,
}

/** Questions matching `where` with their target's names (no replies yet: withReplies). */
export function selectAnswers(ctx: Scoped, where: SQL) {
  return ctx.db
    .select(answerColumns)
    .from(userAnswer)
    .leftJoin(course, and(eq(course.id, userAnswer.courseId), eq(course.tenantId, userAnswer.tenantId)))
    .leftJoin(
      courseSection,
      and(eq(courseSection.id, userAnswer.sectionId), eq(courseSection.tenantId, userAnswer.tenantId)),
    )
    .leftJoin(question, and(eq(question.id, userAnswer.questionId), eq(question.tenantId, userAnswer.tenantId)))
    .where(where)
}

export type AnswerRecord = Awaited<ReturnType<typeof selectAnswers>>[number]

/** A reply the learner has not seen in their list yet. */
export const isUnread = (r: Pick<AnswerRecord, 'answeredAt' | 'seenAt'>) =>
  r.answeredAt !== null && (r.seenAt === null || r.answeredAt > r.seenAt)

/** The rows on the wire, each with its replies (oldest first). */
export async function withReplies(ctx: Scoped, rows: AnswerRecord[]) {
  const ids = rows.map((r) => r.answerId)
  const replies =
    ids.length === 0
      ? []
      : await ctx.db
          .select({
            answerId: answerReply.answerId,
            replyId: answerReply.id,
            content: answerReply.content,
            teacherName: answerReply.staffName,
            createdAt: answerReply.createdAt,
          })
          .from(answerReply)
          .where(ctx.scope.where(answerReply, inArray(answerReply.answerId, ids)))
          .orderBy(asc(answerReply.id))
  return rows.map((r) => ({
    answerId: r.answerId,
    kind: r.questionId !== null ? ('question' as const) : ('course' as const),
    content: r.content,
    imageList: r.imageList ?? [],
    goodsId: r.goodsId,
    courseId: r.courseId,
    courseName: r.courseName ?? '',
    sectionId: r.sectionId,
    sectionName: r.sectionName ?? '',
    questionId: r.questionId,
    questionTitle: r.questionHtml ? stemOf(r.questionHtml) : '',
    status: r.status,
    replies: replies
      .filter((x) => x.answerId === r.answerId)
      .map((x) => ({
        replyId: x.replyId,
        content: x.content,
        teacherName: x.teacherName,
        createTime: toSeconds(x.createdAt),
      })),
    unread: isUnread(r),
    createTime: toSeconds(r.createdAt),
    updateTime: toSeconds(r.updatedAt),
  }))
}
