/**
 * The demo tenants' user agreement and privacy policy: tenant config `agreement.service` and `agreement.privacy`
 * (`{ title, content }`, content is article HTML, the same shape as `exam.commitment`). The register page opens
 * them (docs/DECISIONS.md "Links"). Added when missing, so a data dir seeded before them gains them too.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { countRows, type Db } from '../db'
import { config, tenant } from '../db/schema'
import { TenantScope } from '../http/core'
import { sanitizeArticle } from '../services/sanitize'
import { TENANTS, type TenantSeed } from './data'

export const AGREEMENT_KEYS = ['agreement.service', 'agreement.privacy'] as const

const p = (...ps: string[]) => ps.map((x) => `<p>${x}</p>`).join('')
const h = (title: string) => `<h3>${title}</h3>`

function contact(t: TenantSeed): string {
  const c = t.config['consult.mobile'] as { serviceNumber?: string; servicingTime?: string } | undefined
  const phone = c?.serviceNumber ? `客服电话 ${c.serviceNumber}` : '在线客服'
  return `${phone}${c?.servicingTime ? `（${c.servicingTime}）` : ''}`
}

function service(t: TenantSeed): { title: string; content: string } {
  const n = t.name
  return {
    title: '用户服务协议',
    content: [
      p(
        `欢迎使用${n}（以下简称“本校”）的在线学习与考试服务。本协议是您与本校之间就注册、登录和使用本服务所订立的协议。请您在注册前仔细阅读，特别是以加粗方式提示的免除或限制责任的条款。您勾选同意并完成注册，即表示您已阅读并同意本协议的全部内容。`,
      ),
      h('一、账号注册与使用'),
      p(
        '1. 您应使用本人实名登记的手机号码注册，并通过短信验证码完成验证。一个手机号码只能注册一个账号。',
        '2. 账号仅限您本人使用，不得转让、出借或与他人共享。为保护学习记录和考试结果的真实性，同一账号同一时间只能在一台设备上学习，在新设备登录时，原设备将被下线。',
        '3. 请妥善保管密码。因您保管不善导致账号被他人使用的，由您自行承担相应后果；发现账号被盗用时，请立即修改密码并联系本校。',
      ),
      h('二、课程、题库与考试服务'),
      p(
        '1. 本校提供录播课程、直播课程、题库练习、模拟考试、考试预约及证书查询等服务，具体内容以课程详情页的说明为准。',
        '2. 部分课程要求按顺序学习、不得拖动进度，或在学习过程中进行人脸拍照核验。这些规则用于满足继续教育和职业培训的学时认定要求，未按规则完成的学时不予认定。',
        '3. 参加考试时，您应本人独立作答，不得替考、抄袭或使用任何作弊手段。经查实存在作弊行为的，本校有权取消考试成绩并撤销已颁发的证书。',
      ),
      h('三、购买、退款与发票'),
      p(
        '1. 付费商品的价格以下单时页面显示的价格为准。订单须在规定时间内完成支付，逾期未支付的订单将自动关闭。',
        '2. 购买成功后，您可在有效期内学习所购课程或使用所购题库。未开始学习的商品，可在“我的订单”中申请退款，经本校审核通过后，款项原路退回；退款成功后，对应的学习权限同时收回。',
        '3. 已支付的订单可申请开具电子发票，发票抬头和税号由您自行填写，请确保信息准确。',
      ),
      h('四、学员行为规范'),
      p(
        '您在使用本服务时，不得发布违法、侵权、骚扰或广告信息，不得干扰本服务的正常运行，不得利用技术手段批量下载课程视频、讲义和题库内容。',
      ),
      h('五、知识产权'),
      p(
        '本服务中的课程视频、讲义、试题及解析等内容的知识产权归本校或相关权利人所有，仅供您个人学习使用。未经书面许可，不得复制、传播、出售或用于其他商业用途。',
      ),
      h('六、责任限制'),
      p(
        '<strong>因网络故障、设备故障、不可抗力或第三方服务（如支付、短信）异常导致服务中断的，本校将尽力恢复，但不承担由此造成的间接损失。</strong>考试报名、资格审核及证书发放以主管部门的最终规定为准。',
      ),
      h('七、协议的变更与终止'),
      p(
        '本校可根据法律法规或业务调整修改本协议，修改后的协议将在本页面公布。您继续使用本服务，即视为接受修改后的协议。您可以随时停止使用本服务并联系本校注销账号。',
      ),
      h('八、联系我们'),
      p(`如您对本协议有任何疑问，请通过${contact(t)}与我们联系。`, '本协议自2025年1月1日起生效。'),
    ].join(''),
  }
}

function privacy(t: TenantSeed): { title: string; content: string } {
  const n = t.name
  return {
    title: '隐私政策',
    content: [
      p(
        `${n}（以下简称“我们”）深知个人信息对您的重要性。本政策说明我们在您使用在线学习与考试服务时，如何收集、使用、存储和保护您的个人信息，以及您享有的权利。`,
      ),
      h('一、我们收集的信息'),
      p(
        '1. 注册与登录：手机号码、密码（加密存储，我们无法查看明文）、短信验证码，以及用于“一个账号同一时间只在一台设备学习”的设备标识。',
        '2. 个人资料：您主动填写的昵称、头像、性别、学历、毕业院校与专业等。',
        '3. 实名认证：参加需要实名的学习或考试时，您提交的姓名、身份证号码、身份证照片和人脸照片，仅用于核验是否为本人。',
        '4. 学习与考试记录：观看进度、学习时长、学习中的拍照核验记录、练习与考试的作答和成绩。',
        '5. 订单信息：购买的商品、订单金额、支付状态、退款及发票信息。我们不收集您的银行卡号和支付密码，支付由微信支付等支付机构完成。',
      ),
      h('二、我们如何使用这些信息'),
      p(
        '用于为您开通和提供所购课程与题库、统计学时、生成成绩与证书、办理退款与发票、保障账号安全，以及在您咨询时为您提供服务。我们不会将您的信息用于本政策未载明的其他目的。',
      ),
      h('三、存储与保护'),
      p(
        '您的个人信息存储在中华人民共和国境内。我们采取传输加密、访问权限控制和操作日志等措施保护您的信息安全。学习与考试记录在您的账号存续期间保存，以便您随时查询学时和成绩；账号注销后，我们将在法律法规要求的期限届满后删除或匿名化处理。',
      ),
      h('四、共享、转让与公开披露'),
      p(
        '我们不会出售您的个人信息。仅在以下情形中共享必要的信息：完成支付时与支付机构共享订单信息；发送验证码时与短信服务商共享手机号码；依据法律法规或主管部门的要求报送学时、考试成绩和证书信息。证书的公开查验页面仅显示证书编号、姓名和证书状态。',
      ),
      h('五、您的权利'),
      p(
        '您可以在“我的”页面查询和更正个人资料、修改密码；可以联系我们复制您的个人信息、撤回同意或注销账号。我们将在15个工作日内答复您的请求。',
      ),
      h('六、未成年人保护'),
      p('本服务主要面向成年学员。如您未满18周岁，请在监护人的陪同和同意下阅读本政策并使用本服务。'),
      h('七、本政策的更新'),
      p('本政策更新后，我们会在本页面公布更新后的版本，重大变更将以站内消息等方式通知您。'),
      h('八、联系我们'),
      p(`如您对本政策或个人信息的处理有任何疑问，请通过${contact(t)}与我们联系。`, '本政策自2025年1月1日起生效。'),
    ].join(''),
  }
}

/** The agreement texts of one demo tenant, by config key. */
export function agreementsOf(
  t: TenantSeed,
): Record<(typeof AGREEMENT_KEYS)[number], { title: string; content: string }> {
  const s = service(t)
  const pr = privacy(t)
  return {
    'agreement.service': { ...s, content: sanitizeArticle(s.content) },
    'agreement.privacy': { ...pr, content: sanitizeArticle(pr.content) },
  }
}

/** Inserts each demo tenant's agreement and policy that is missing (a tenant's own text is never replaced). */
export async function seedAgreementsIfMissing(db: Db): Promise<void> {
  for (const t of TENANTS) {
    if ((await countRows(db, tenant, eq(tenant.id, t.id))) === 0) continue
    const scope = new TenantScope(t.id)
    const have = await db
      .select({ key: config.configKey })
      .from(config)
      .where(and(scope.where(config), inArray(config.configKey, [...AGREEMENT_KEYS])))
    const docs = agreementsOf(t)
    const missing = AGREEMENT_KEYS.filter((k) => !have.some((r) => r.key === k))
    if (missing.length === 0) continue
    await db
      .insert(config)
      .values(missing.map((configKey) => scope.row({ configKey, configValue: JSON.stringify(docs[configKey]) })))
      .onConflictDoNothing()
  }
}
