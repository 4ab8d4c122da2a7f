/**
 * Enrolment profile templates of the demo tenants (docs/DECISIONS.md "Enrolment profile and stamp words"),
 * idempotent: a tenant without templates gets one on its first course goods (the 全程班 / 精讲班), the fields a
 * training school files with the authority, and the statement the learner copies out.
 */
import { asc, eq } from 'drizzle-orm'
import { countRows, type Db } from '../db'
import { goods, type ProfileFieldSpec, profileTemplate, tenant } from '../db/schema'
import { TenantScope } from '../http/core'
import { TENANTS } from './data'

const EDUCATION = ['初中及以下', '高中/中专', '大专', '本科', '硕士及以上']

export const PROFILE_FIELDS: ProfileFieldSpec[] = [
  { key: 'realName', label: '姓名', type: 'text', required: true },
  { key: 'idCard', label: '身份证号', type: 'idCard', required: true },
  { key: 'phone', label: '手机号', type: 'phone', required: true },
  { key: 'education', label: '学历', type: 'select', required: true, options: EDUCATION },
  { key: 'major', label: '所学专业', type: 'text', required: false },
  { key: 'employer', label: '工作单位', type: 'text', required: true, hint: '与单位公章名称一致' },
  { key: 'jobTitle', label: '岗位/职务', type: 'text', required: false },
  { key: 'workStart', label: '参加工作时间', type: 'date', required: false },
  { key: 'photo', label: '证件照', type: 'image', required: true, hint: '一寸白底或蓝底免冠正面照' },
  { key: 'eduCert', label: '学历证书', type: 'image', required: false, hint: '毕业证书的照片' },
]

const WORDS = (school: string) =>
  `本人承诺：所填报名资料真实、准确、完整，所上传证件照片为本人近期免冠照片；如有虚假，本人愿承担由此产生的一切后果，并同意${school}取消本人的培训与考试资格。`

export async function seedProfileIfEmpty(db: Db): Promise<void> {
  for (const t of TENANTS) {
    if ((await countRows(db, tenant, eq(tenant.id, t.id))) === 0) continue
    const scope = new TenantScope(t.id)
    if ((await countRows(db, profileTemplate, scope.where(profileTemplate))) > 0) continue
    const [g] = await db
      .select({ id: goods.id, name: goods.name })
      .from(goods)
      .where(scope.where(goods, eq(goods.goodsType, 1)))
      .orderBy(asc(goods.id))
      .limit(1)
    if (!g) continue
    await db.insert(profileTemplate).values(
      scope.row({
        goodsId: g.id,
        title: `${g.name} 报名资料`,
        intro: '请如实填写以下资料，学校将据此为你办理培训登记和考试报名。提交后学校审核前仍可修改。',
        fields: PROFILE_FIELDS,
        stampWords: WORDS(t.name),
        // tenant A files a signed copy with the authority; tenant B only needs the copied words
        needSignature: t.id === 1001,
      }),
    )
  }
}
