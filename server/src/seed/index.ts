/** First start: an empty tenant table gets the two demo tenants with their content. */

import { countRows, type Db } from '../db'
import { advertising, config, consultation, dictData, homeItem, sysUser, tenant, tenantHost } from '../db/schema'
import { TenantScope } from '../http/core'
import { notify } from '../services/inform'
import { hashPassword } from '../services/passwords'
import { sanitizeArticle } from '../services/sanitize'
import { seedAgreementsIfMissing } from './agreements'
import { seedApplyIfEmpty } from './apply'
import { assetUrl, BANNERS, LEARN_BANNERS, seedImage } from './assets'
import { seedBankIfEmpty } from './bank'
import { refreshDemoContent } from './content'
import { BANNER_LINKS, DEMO_PASSWORD, DICTS, HOME_ITEMS, seedLink, TENANTS } from './data'
import { seedExamsIfEmpty } from './exam'
import { seedLearnIfEmpty } from './learn'
import { seedLearnCourseIfMissing } from './learn-course'
import { repairSeedLinks } from './links'
import { seedLiveIfEmpty } from './live'
import { refreshSeedMedia } from './media'
import { seedNewsIfEmpty } from './news'
import { seedProfileIfEmpty } from './profile'
import { seedRecommendsIfMissing } from './recommend'
import { seedSchoolInfoIfEmpty } from './school'
import { seedShopIfEmpty } from './shop'
import { markSeeded, seedIsCurrent } from './version'
import { seedWechatIfEmpty } from './wechat'

export { forgetSeedVersion, SEED_VERSION } from './version'

/**
 * Seeds when the tenant table is empty; returns true when it seeded. The shop catalogue is seeded per
 * demo tenant that has no goods yet (so a data dir from before the shop gains it too).
 */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  if ((await countRows(db, tenant)) > 0) {
    if (await seedIsCurrent(db)) return false
    await seedShopIfEmpty(db)
    await seedBankIfEmpty(db)
    await seedLearnIfEmpty(db)
    await seedExamsIfEmpty(db)
    await seedApplyIfEmpty(db)
    await seedLiveIfEmpty(db)
    await seedAgreementsIfMissing(db)
    await repairSeedLinks(db)
    await seedNewsIfEmpty(db)
    await seedProfileIfEmpty(db)
    await seedLearnCourseIfMissing(db)
    await seedSchoolInfoIfEmpty(db)
    await refreshSeedMedia(db)
    await refreshDemoContent(db)
    await seedRecommendsIfMissing(db)
    await seedWechatIfEmpty(db)
    await markSeeded(db)
    return false
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const day = 24 * 3600 * 1000
  await db.transaction(async (tx) => {
    for (const t of TENANTS) {
      const scope = new TenantScope(t.id)
      await tx.insert(tenant).values({ id: t.id, code: t.code, name: t.name })
      await tx.insert(tenantHost).values({ host: t.host, tenantId: t.id })
      const [u] = await tx
        .insert(sysUser)
        .values(
          scope.row({
            userAccount: t.learner.phone,
            telPhone: t.learner.phone,
            passwordHash,
            nickName: t.learner.nickName,
            realName: t.learner.realName,
            sex: t.learner.sex,
            idCard: t.learner.idCard,
            eduLevel: t.learner.eduLevel,
            birthday: '1990-03-07',
            school: t.id === 1001 ? '北京建筑大学' : '南京大学',
            major: t.id === 1001 ? '土木工程' : '会计学',
            graduationDate: '2012-07',
          }),
        )
        .returning({ id: sysUser.id })
      // the demo learner's welcome, through the one door of messages (services/inform.ts)
      await notify(tx as unknown as Db, scope, u!.id, {
        kind: 'welcome',
        title: '欢迎加入',
        content: `欢迎来到${t.name}！完善资料后即可开始学习。`,
        link: '/pages2/wd/info',
      })
      await tx
        .insert(config)
        .values(
          Object.entries(t.config).map(([configKey, v]) => scope.row({ configKey, configValue: JSON.stringify(v) })),
        )
      await tx
        .insert(dictData)
        .values(
          DICTS.flatMap(([dictType, rows]) =>
            rows.map(([dictLabel, dictValue], i) => scope.row({ dictType, dictLabel, dictValue, dictSort: i + 1 })),
          ),
        )
      await tx.insert(advertising).values(
        scope.row({
          location: 'learn',
          title: LEARN_BANNERS[String(t.id)] ?? '',
          image: assetUrl(seedImage.banner(t.id, 'learn')),
          linkUrl: '/pages/learn/index',
          sort: 1,
        }),
      )
      const now = Date.now()
      const articles = await tx
        .insert(consultation)
        .values(
          t.articles.map((a, i) =>
            scope.row({
              title: a.title,
              summary: a.summary,
              cover: assetUrl(seedImage.news(t.id, i)),
              content: sanitizeArticle(a.html),
              publishTime: new Date(now - (i + 1) * day),
              views: 100 + ((i * 37) % 300),
            }),
          ),
        )
        .returning({ id: consultation.id })
      const articleIds = articles.map((a) => a.id)
      await tx.insert(advertising).values(
        (BANNERS[String(t.id)] ?? []).map((title, i) =>
          scope.row({
            location: 'home',
            title,
            image: assetUrl(seedImage.banner(t.id, i + 1)),
            linkUrl: seedLink(BANNER_LINKS[String(t.id)]?.[i] ?? '/pages/course/index', articleIds),
            sort: i + 1,
          }),
        ),
      )
      await tx.insert(homeItem).values(
        HOME_ITEMS.map(([name, icon, linkUrl], i) =>
          scope.row({
            name,
            icon: `/static-assets/icon-${icon}.svg`,
            linkUrl: seedLink(linkUrl, articleIds),
            sort: i + 1,
          }),
        ),
      )
    }
  })
  await seedShopIfEmpty(db)
  // the banners that advertise goods open them, now that the goods have ids; the home page recommends goods
  await repairSeedLinks(db)
  await seedRecommendsIfMissing(db)
  await seedBankIfEmpty(db)
  await seedLearnIfEmpty(db)
  await seedExamsIfEmpty(db)
  await seedApplyIfEmpty(db)
  await seedLiveIfEmpty(db)
  await seedAgreementsIfMissing(db)
  await seedNewsIfEmpty(db)
  await seedProfileIfEmpty(db)
  await seedLearnCourseIfMissing(db)
  await seedSchoolInfoIfEmpty(db)
  await seedWechatIfEmpty(db)
  await markSeeded(db)
  return true
}
