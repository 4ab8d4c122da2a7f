/**
 * The H5 app's page (index.html), as the server sends it at `/` and on every app route (history router).
 * It carries the tenant its host belongs to (`window.__TENANT_IDS__`), so a learner's first visit does not wait
 * for the `findTenantId` round trip before the home page's own calls (docs/DECISIONS.md "First load"), and that
 * school's brand (`window.__TENANT_BRANDS__`, as `tenant.brand`), so the app's first frame is in its colours.
 * The page is small (a few KB) and differs by host, so it is gzipped per request rather than pre-compressed,
 * and revalidated every time (it names the current build's chunks).
 *
 * On the home route it also carries the home page's top as plain HTML (`#app-shell`: the nav bar, the school's
 * header in its colour and the first banner, preloaded), painted before any script has run; the home page removes
 * it once its own banner is there (src/components/app-shell.ts). The banner is the page's largest picture, so the
 * first load's LCP no longer waits for the entry script's evaluation (docs/DECISIONS.md "First load"). The purchase
 * centre (its filters, the first goods' cover) and the question-bank tab get their own copies.
 */
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import zhBankFile from '../../../shared/i18n/zh-CN/bankList'
import zhCommonFile from '../../../shared/i18n/zh-CN/common'
import zhShellFile from '../../../shared/i18n/zh-CN/shell'
import zhShopFile from '../../../shared/i18n/zh-CN/shop'
import { inkOf } from '../../../shared/rules/brand'
import { isValidDomain } from '../../../shared/rules/domain'
import type { Db } from '../db'
import { tenant, tenantHost } from '../db/schema'
import { defaultOf } from '../interop'
import { adverts, brandOf } from '../modules/common'
import { educationTypes, goodsPage } from '../modules/shop/catalogue'
import type { PublicCache } from '../services/shared/public-cache'
import { TenantScope } from './core'

const zhBank = defaultOf(zhBankFile)
const zhCommon = defaultOf(zhCommonFile)
const zhShell = defaultOf(zhShellFile)
const zhShop = defaultOf(zhShopFile)

/** a host's tenant (or that it has none) is looked up again after this long: hosts rarely move */
const HOST_TTL_MS = 60_000
const HOST_CACHE_MAX = 1000

/** the routes that open the home page (the history router's `/` and its page path) */
const HOME_ROUTE = /^\/(?:index\.html|pages\/index\/index\/?)?$/
/** the question-bank tab */
const BANK_ROUTE = /^\/pages\/questionBank\/index\/?$/
/** the purchase centre tab */
const SHOP_ROUTE = /^\/pages\/course\/index\/?$/

const SHELL_FONT = '-apple-system,BlinkMacSystemFont,"PingFang SC","Helvetica Neue","Microsoft YaHei",sans-serif'

const escapeHtml = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/** a picture's address as the page may use it: a same-origin path or an http(s) URL, nothing else */
const safeSrc = (v: string) => (/^(?:\/(?!\/)|https?:\/\/)[^\s"'<>\\]*$/.test(v) ? v : '')

/**
 * The home page's top in plain HTML, sized in the app's units (1rem = 1/18.75 of the narrow side, set by Taro's
 * head script before the body is parsed; design px / 40), so it sits exactly where the page will draw the same
 * things: nav bar 44px, header 4.4rem in the brand colour, banner at 44px + 3.2rem, 7.5rem high, 0.6rem margins.
 */
export function homeShell(
  brand: { name: string; primary: string; logo: string },
  banner?: { image: string; title: string },
) {
  const primary = /^#[0-9a-f]{6}$/i.test(brand.primary) ? brand.primary : '#1677ff'
  const name = escapeHtml(brand.name)
  const logo = safeSrc(brand.logo)
  const image = banner ? safeSrc(banner.image) : ''
  const mark = logo
    ? `<img class="s-logo" src="${escapeHtml(logo)}" alt="">`
    : name
      ? `<span class="s-logo">${escapeHtml(brand.name.slice(0, 1))}</span>`
      : ''
  const head =
    `<style>#app-shell{position:fixed;left:0;right:0;top:0;z-index:1;pointer-events:none;font-family:${SHELL_FONT}}` +
    '#app-shell .s-nav{height:44px;background:#fff}' +
    `#app-shell .s-head{display:flex;align-items:center;box-sizing:content-box;height:1.8rem;padding:.7rem .8rem 1.9rem;color:#fff;background:linear-gradient(135deg,rgba(255,255,255,.18) 0%,rgba(255,255,255,0) 60%),${primary}}` +
    `#app-shell .s-logo{flex-shrink:0;display:flex;align-items:center;justify-content:center;width:1.8rem;height:1.8rem;margin-right:.5rem;border-radius:.4rem;background:#fff;color:${inkOf(primary)};font-size:.95rem;font-weight:700;object-fit:contain}` +
    '#app-shell .s-name{flex:1;min-width:0;align-self:flex-start;overflow:hidden;white-space:nowrap;text-overflow:ellipsis;font-size:.9rem;font-weight:700;line-height:1.6}' +
    '#app-shell .s-banner{position:absolute;left:.6rem;right:.6rem;top:calc(44px + 3.2rem);height:7.5rem;border-radius:.4rem;overflow:hidden;background:#e9ebef}' +
    '#app-shell .s-banner img{display:block;width:100%;height:100%;object-fit:cover}</style>' +
    (image ? `<link rel="preload" as="image" href="${escapeHtml(image)}" fetchpriority="high">` : '')
  const body =
    '<div id="app-shell" aria-hidden="true"><div class="s-nav"></div>' +
    `<div class="s-head">${mark}<span class="s-name">${name}</span></div>` +
    (image ? `<div class="s-banner"><img src="${escapeHtml(image)}" alt="" fetchpriority="high"></div>` : '') +
    '</div>'
  return { head, body }
}

/**
 * The question-bank tab as a logged-out learner first sees it (src/features/bank/tab/index.tsx): the nav bar with
 * the tab's title and the welcome card in the brand colour (title, sentence, login button), in the app's Chinese
 * words (its catalogue, shared/i18n/zh-CN). A learner who is logged in, or reads the app in English, sees another page:
 * a script right after the copy takes it away before the first paint (the app's stored `user_account` / `locale`,
 * src/services/storage.ts, kept by Taro as `{"data": …}`).
 */
export function bankShell(brand: { primary: string }) {
  const primary = /^#[0-9a-f]{6}$/i.test(brand.primary) ? brand.primary : '#1677ff'
  const head =
    `<style>#app-shell{position:fixed;left:0;right:0;top:0;z-index:1;pointer-events:none;font-family:${SHELL_FONT};line-height:1.6}` +
    '#app-shell .s-nav{height:44px;background:#fff;color:#1f2329;text-align:center;font-size:.85rem;font-weight:600;line-height:44px}' +
    `#app-shell .s-card{display:flex;flex-direction:column;gap:.4rem;margin:.6rem;padding:1rem .6rem;border-radius:.4rem;color:#fff;font-size:.7rem;background:linear-gradient(160deg,rgba(255,255,255,0) 30%,rgba(255,255,255,.28)),${primary}}` +
    '#app-shell .s-title{font-size:.75rem;font-weight:600}' +
    `#app-shell .s-login{align-self:flex-start;padding:.35rem 1.4rem;border:1px solid #fff;border-radius:.7rem;background:#fff;color:${inkOf(primary)};text-align:center}</style>`
  const body =
    `<div id="app-shell" aria-hidden="true"><div class="s-nav">${escapeHtml(zhShell['questionBank.title'])}</div>` +
    `<div class="s-card"><span class="s-title">${escapeHtml(zhBank['bankList.welcome.title'])}</span>` +
    `<span>${escapeHtml(zhBank['bankList.welcome.text'])}</span>` +
    `<span class="s-login">${escapeHtml(zhCommon['common.login'])}</span></div></div>` +
    '<script>!function(){function d(k){try{var v=JSON.parse(localStorage.getItem(k)||"null");return v&&v.data}catch(e){return null}}' +
    'if(d("user_account")||d("locale")==="en"){var s=document.getElementById("app-shell");s&&s.remove()}}()</script>'
  return { head, body }
}

/** the goods-type badges' colours (src/features/shop/components/goods-card/index.scss); a course's is the brand's readable shade */
const BADGE_COLOUR: Record<number, string> = { 2: '#0e7c7c', 3: '#d81e28', 4: '#a55c0f' }

/**
 * The purchase centre as every page load first shows it (src/features/shop/centre/index.tsx: its filters are not kept
 * across loads): the nav bar, the filter block (search, the education types with 全部 chosen, the goods types) and
 * the first goods of the unfiltered list with its cover, preloaded, badge and name, in the app's Chinese words and
 * units (the page's scss / 40 in rem). The cover is the page's largest picture. A link that opens the shop on one
 * goods type (`?goodsType=`) or a learner reading English sees another page: the script after the copy takes it
 * away before the first paint.
 */
export function shopShell(
  brand: { primary: string },
  educations: { educationName: string }[],
  first?: { goodsType: number; goodsName: string; cover: string | null },
) {
  const primary = /^#[0-9a-f]{6}$/i.test(brand.primary) ? brand.primary : '#1677ff'
  const ink = inkOf(primary)
  const cover = first?.cover ? safeSrc(first.cover) : ''
  const typeWord = (n: number) => zhShop[`shop.type.${n}` as keyof typeof zhShop] ?? ''
  const head =
    `<style>#app-shell{position:fixed;left:0;right:0;top:0;z-index:1;pointer-events:none;font-family:${SHELL_FONT};line-height:1.6;color:#1f2329}` +
    '#app-shell .s-nav{position:relative;z-index:1;height:44px;background:#fff;box-shadow:0 1px 0 #eceef1;text-align:center;font-size:.85rem;font-weight:600;line-height:44px}' +
    '#app-shell .s-filters{padding:.4rem .6rem .2rem;background:#fff}' +
    '#app-shell .s-search{display:flex;align-items:center;height:1.8rem;padding-left:.7rem;margin-bottom:.4rem;border-radius:.9rem;background:#f5f6f8;overflow:hidden;font-size:.65rem;color:#8f959e}' +
    `#app-shell .s-search span{flex:1}#app-shell .s-search b{height:1.8rem;padding:0 .7rem;line-height:1.8rem;font-weight:400;color:#fff;background:${ink};border-radius:.9rem}` +
    '#app-shell .s-chips{padding:.2rem 0;white-space:nowrap;overflow:hidden}' +
    '#app-shell .s-chip{display:inline-block;box-sizing:border-box;margin-right:.4rem;padding:0 .6rem;height:1.4rem;line-height:1.3rem;font-size:.65rem;color:#646a73;background:#f5f6f8;border:.05rem solid transparent;border-radius:.7rem}' +
    `#app-shell .s-on{color:${ink};border-color:${primary};background:#fff;font-weight:600}` +
    '#app-shell .s-types{display:flex;margin-top:.2rem;border-top:1px solid #eceef1}' +
    '#app-shell .s-type{flex:1;position:relative;padding:.5rem 0 .4rem;text-align:center;font-size:.7rem;line-height:1.6;color:#646a73}' +
    `#app-shell .s-type.s-on{border:0;background:none}#app-shell .s-type.s-on:after{content:"";position:absolute;left:50%;bottom:.1rem;width:1rem;height:.15rem;margin-left:-.5rem;border-radius:.075rem;background:${primary}}` +
    '#app-shell .s-row{display:flex;margin:.6rem .6rem 0;padding:.6rem;border-radius:.3rem .3rem 0 0;background:#fff}' +
    '#app-shell .s-cover{position:relative;flex-shrink:0;width:6rem;height:4rem;margin-right:.6rem;border-radius:.3rem;overflow:hidden;background:#eef1f5}' +
    // as Taro's Image draws mode aspectFill: centred, the full height, the sides clipped (so the same picture is no
    // larger on the page than in the copy, and the copy's paint stays the page's largest)
    '#app-shell .s-cover img{position:absolute;top:50%;left:50%;min-width:100%;height:100%;object-fit:cover;transform:translate(-50%,-50%)}' +
    '#app-shell .s-badge{position:absolute;left:0;top:0;padding:.05rem .3rem;font-size:.5rem;line-height:1.6;color:#fff;border-bottom-right-radius:.3rem}' +
    '#app-shell .s-name{flex:1;min-width:0;align-self:flex-start;font-size:.75rem;font-weight:600;line-height:1.4;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}</style>' +
    (cover ? `<link rel="preload" as="image" href="${escapeHtml(cover)}" fetchpriority="high">` : '')
  const chips = [zhShop['shop.filter.all'], ...educations.map((e) => e.educationName)]
    .map((label, i) => `<span class="s-chip${i === 0 ? ' s-on' : ''}">${escapeHtml(label)}</span>`)
    .join('')
  const types = [0, 1, 2, 3, 4]
    .map(
      (n) =>
        `<span class="s-type${n === 0 ? ' s-on' : ''}">${escapeHtml(n === 0 ? zhShop['shop.type.all'] : typeWord(n))}</span>`,
    )
    .join('')
  const row = first
    ? '<div class="s-row"><div class="s-cover">' +
      (cover ? `<img src="${escapeHtml(cover)}" alt="" fetchpriority="high">` : '') +
      `<span class="s-badge" style="background:${BADGE_COLOUR[first.goodsType] ?? ink}">${escapeHtml(typeWord(first.goodsType))}</span></div>` +
      `<span class="s-name">${escapeHtml(first.goodsName)}</span></div>`
    : ''
  const body =
    `<div id="app-shell" aria-hidden="true"><div class="s-nav">${escapeHtml(zhShop['shop.title'])}</div>` +
    `<div class="s-filters"><div class="s-search"><span>${escapeHtml(zhShop['shop.search.placeholder'])}</span>` +
    `<b>${escapeHtml(zhShop['shop.search.submit'])}</b></div><div class="s-chips">${chips}</div>` +
    `<div class="s-types">${types}</div></div>${row}</div>` +
    '<script>!function(){var v=null;try{v=JSON.parse(localStorage.getItem("locale")||"null")}catch(e){}' +
    'if(/[?&]goodsType=/.test(location.search)||(v&&v.data)==="en"){var s=document.getElementById("app-shell");s&&s.remove()}}()</script>'
  return { head, body }
}

/**
 * With the copy on the page, the page's own code waits until the copy is painted: the build's entry scripts
 * (`<script defer src>`) and the opened page's chunk (`__preloadPage`, config/preload-pages.ts, held back by
 * `__SHELL_WAIT__`) are asked for once the copy's banner has loaded and one frame has been painted (at once when it
 * has no picture; at the latest after 3 s), then run in their order (`async = false`). On a slow phone line the
 * picture then has the bandwidth to itself instead of sharing it with ~230 KB of script, and evaluating the scripts
 * (hundreds of ms of main thread) cannot hold the first paint back. The bytes arrive about as soon as before: the
 * line is shared either way.
 */
export function startEntryAfterShell(html: string): string {
  const srcs: string[] = []
  const out = html.replace(/<script defer(?:="defer")? src="([^"]+)"><\/script>/g, (_m, src: string) => {
    srcs.push(src)
    return ''
  })
  if (srcs.length === 0) return html
  const starter =
    '<script>!function(s){var d=0;function go(){if(d)return;d=1;window.__preloadPage&&window.__preloadPage();' +
    's.forEach(function(u){var e=document.createElement("script");e.src=u;e.async=!1;document.head.appendChild(e)})}' +
    'function later(){requestAnimationFrame(function(){setTimeout(go,0)})}var i=document.querySelector("#app-shell img");' +
    'if(!i||i.complete)later();else{i.addEventListener("load",later);i.addEventListener("error",go)}setTimeout(go,3000)}' +
    `(${JSON.stringify(srcs).replace(/</g, '\\u003c')})</script>`
  return out
    .replace(/<head>/i, '<head><script>window.__SHELL_WAIT__=1</script>')
    .replace(/<\/body>/i, `${starter}</body>`)
}

export function h5PageSender(db: Db, staticDir: string, cache?: PublicCache) {
  const file = path.join(staticDir, 'index.html')
  let page: { mtimeMs: number; html: string } | undefined
  const hosts = new Map<string, { at: number; id: string | null }>()

  const readPage = (): string => {
    const { mtimeMs } = fs.statSync(file)
    if (!page || page.mtimeMs !== mtimeMs) page = { mtimeMs, html: fs.readFileSync(file, 'utf8') }
    return page.html
  }

  const tenantOf = async (host: string): Promise<string | null> => {
    const hit = hosts.get(host)
    if (hit && Date.now() - hit.at < HOST_TTL_MS) return hit.id
    const [row] = await db
      .select({ id: tenant.id })
      .from(tenantHost)
      .innerJoin(tenant, eq(tenant.id, tenantHost.tenantId))
      .where(eq(tenantHost.host, host))
    if (hosts.size >= HOST_CACHE_MAX) hosts.clear()
    const id = row ? String(row.id) : null
    hosts.set(host, { at: Date.now(), id })
    return id
  }

  /** the school's brand (as `tenant.brand`), cached with the public reads like the copies below */
  const brandOfTenant = (tenantId: string) => {
    const id = Number(tenantId)
    const load = () => brandOf({ db, scope: new TenantScope(id) })
    return (cache ? cache.get(id, 'h5-brand', load) : load()) as ReturnType<typeof brandOf>
  }

  /** a route's copy for a tenant, cached with the public reads (dropped when the school's content changes) */
  const shellOf = (tenantId: string, kind: 'home' | 'bank' | 'shop') => {
    const id = Number(tenantId)
    const load = async () => {
      const ctx = { db, scope: new TenantScope(id) }
      if (kind === 'bank') return bankShell(await brandOf(ctx))
      if (kind === 'shop') {
        const [brand, educations, page] = await Promise.all([
          brandOf(ctx),
          educationTypes(ctx),
          goodsPage(ctx, { pageNum: 1, pageSize: 1 }),
        ])
        return shopShell(brand, educations, page.rows[0])
      }
      const [brand, ads] = await Promise.all([brandOf(ctx), adverts(ctx, 'home')])
      return homeShell(brand, ads[0])
    }
    return (cache ? cache.get(id, `h5-shell-${kind}`, load) : load()) as Promise<{ head: string; body: string }>
  }

  return async (req: FastifyRequest, reply: FastifyReply) => {
    let html = readPage()
    // the same rule as the app's tenantHost(): localhost and IPs use the build's fallback host, which the app knows
    const host = (req.hostname ?? '').split(':')[0]?.toLowerCase() ?? ''
    if (isValidDomain(host)) {
      const id = await tenantOf(host).catch((err) => {
        req.log.warn({ err, host }, 'h5 page: tenant lookup failed; the app asks itself')
        return null
      })
      if (id) {
        const seed = JSON.stringify({ [host]: id }).replace(/</g, '\\u003c')
        // and its brand, so the app's first frame wears this school's colours rather than the build tenant's
        // until the config arrives (src/services/tenant/brand.ts firstBrand; docs/DECISIONS.md "Brand colours on
        // every element")
        const brand = await brandOfTenant(id).catch((err) => {
          req.log.warn({ err, host }, "h5 page: the school's brand failed; the app waits for its config")
          return null
        })
        const brandSeed = brand
          ? `<script>window.__TENANT_BRANDS__=${JSON.stringify({ [host]: brand }).replace(/</g, '\\u003c')}</script>`
          : ''
        html = html.replace(/<head>/i, `<head><script>window.__TENANT_IDS__=${seed}</script>${brandSeed}`)
        const route = (req.url.split('?')[0] ?? '/').replace(/\/{2,}/g, '/')
        const kind = HOME_ROUTE.test(route)
          ? 'home'
          : BANK_ROUTE.test(route)
            ? 'bank'
            : SHOP_ROUTE.test(route)
              ? 'shop'
              : null
        if (kind) {
          const shell = await shellOf(id, kind).catch((err) => {
            req.log.warn({ err, host }, 'h5 page: the page copy failed; the page paints without it')
            return null
          })
          if (shell)
            html = startEntryAfterShell(
              html.replace(/<\/head>/i, `${shell.head}</head>`).replace(/<body>/i, `<body>${shell.body}`),
            )
        }
      }
    }
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding')
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(gzipSync(html))
    }
    return reply.send(html)
  }
}
