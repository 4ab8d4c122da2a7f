/**
 * The demo schools' public profiles (school_info; docs/DECISIONS.md "Account extras"), idempotent: a demo tenant
 * without a row gets one. Name and logo are the brand's, hotline and hours the consult config's: not stored here.
 */
import { eq } from 'drizzle-orm'
import { countRows, type Db } from '../db'
import { schoolInfo, tenant } from '../db/schema'
import { TenantScope } from '../http/core'

const SCHOOLS: Record<number, { address: string; email: string; intro: string }> = {
  1001: {
    address: '北京市海淀区学院路 38 号安信培训大厦 3 层',
    email: 'service@xuexi-demo.com',
    intro:
      '安信职业培训学校专注特种作业与安全生产培训，开设低压电工、高处作业、焊接与热切割等取证班，线上学习与线下实操相结合，考前集中辅导。',
  },
  1002: {
    address: '江苏省南京市鼓楼区汉口路 22 号',
    email: 'service@xuexi-demo.cn',
    intro: '博学继续教育学院面向在职人员开设会计、建造师等继续教育与职业资格课程，提供直播授课、题库练习与模拟考试。',
  },
}

export async function seedSchoolInfoIfEmpty(db: Db): Promise<void> {
  for (const [id, info] of Object.entries(SCHOOLS)) {
    const tenantId = Number(id)
    if ((await countRows(db, tenant, eq(tenant.id, tenantId))) === 0) continue
    const scope = new TenantScope(tenantId)
    if ((await countRows(db, schoolInfo, scope.where(schoolInfo))) > 0) continue
    await db.insert(schoolInfo).values(scope.row(info))
  }
}
