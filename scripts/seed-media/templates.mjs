// HTML posters for the seed's images and lesson slides, rendered by Chromium (scripts/seed-media.mjs).
// Every template returns a whole HTML document of exactly the given size; text comes from the seed data.
import { art, decoration } from './art.mjs'

export const esc = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c])

/** One font everywhere: WenQuanYi Micro Hei (Debian fonts-wqy-microhei, installed with Chromium), so the output
 * does not depend on which other fonts a machine has. */
const BASE_CSS = `html,body{margin:0;padding:0}
  *{box-sizing:border-box}
  body{font-family:'WenQuanYi Micro Hei',sans-serif;-webkit-font-smoothing:antialiased}`

/**
 * A title whose lines break between words only (Intl.Segmenter's Chinese dictionary), opening brackets kept
 * with the next word and closing ones with the previous, balanced over its lines (`text-wrap: balance`).
 */
export function wrapWords(text) {
  const words = []
  let open = ''
  for (const { segment } of new Intl.Segmenter('zh', { granularity: 'word' }).segment(text)) {
    if (/^[《（(“]+$/.test(segment)) open += segment
    else if (/^[》）)”、，。：；！？]+$/.test(segment) && words.length > 0) words[words.length - 1] += segment
    else {
      words.push(open + segment)
      open = ''
    }
  }
  if (open) words.push(open)
  return words.map((w) => `<span class="w">${esc(w)}</span>`).join('')
}

/** `fit()` shrinks every `[data-lines]` element's font until its text takes at most that many lines, none too wide. */
const FIT = `window.fit = () => {
  for (const el of document.querySelectorAll('[data-lines]')) {
    const lines = Number(el.dataset.lines)
    for (let size = parseFloat(getComputedStyle(el).fontSize); size > 20; size -= 2) {
      el.style.fontSize = size + 'px'
      if (el.scrollHeight <= parseFloat(getComputedStyle(el).lineHeight) * lines + 2 && el.scrollWidth <= el.clientWidth + 1) break
    }
  }
}`

const page = (w, h, css, body) => `<!doctype html><html><head><meta charset="utf-8"><style>${BASE_CSS}
  .root{position:relative;width:${w}px;height:${h}px;overflow:hidden}
  .w{display:inline-block}
  .title{text-wrap:balance}
  ${css}</style></head><body><div class="root">${body}</div><script>${FIT}</script></body></html>`

// ---- colours ----
const hex = (h) => {
  const n = Number.parseInt(h.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}
const toHex = (rgb) =>
  `#${rgb
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
/** Mixes `a` toward `b` by t (0..1). */
export const mix = (a, b, t) => toHex(hex(a).map((v, i) => v + (hex(b)[i] - v) * t))
/** Hue of a colour in degrees. */
export function hue(color) {
  const [r, g, b] = hex(color)
  return Math.round((Math.atan2(Math.sqrt(3) * (g - b), 2 * r - g - b) * 180) / Math.PI + 360) % 360
}

/** Rotates the hue of a colour by `deg`. */
export function hueShift(color, deg) {
  const [r, g, b] = hex(color).map((v) => v / 255)
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  const d = max - min
  let h = 0
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1))
  if (d !== 0) {
    if (max === r) h = ((g - b) / d) % 6
    else if (max === g) h = (b - r) / d + 2
    else h = (r - g) / d + 4
  }
  h = (h * 60 + deg + 360) % 360
  const c = (1 - Math.abs(2 * l - 1)) * s
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1))
  const m = l - c / 2
  const [r1, g1, b1] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x]
  return toHex([(r1 + m) * 255, (g1 + m) * 255, (b1 + m) * 255])
}

/** Two-stop gradient of a goods type in the school's colour: course and bank in its hue, live warm, package deep. */
export function palette(primary, kind) {
  switch (kind) {
    case 'bank': {
      // toward cyan: a blue school's banks go teal, a green school's go sea green
      const turn = hue(primary) < 180 ? 32 : -28
      return [mix(hueShift(primary, turn), '#000000', 0.45), hueShift(primary, turn * 0.7)]
    }
    case 'live':
      return ['#a8261c', '#f0643a']
    case 'package':
      return [mix(hueShift(primary, 45), '#000000', 0.55), mix(hueShift(primary, 40), '#000000', 0.1)]
    default:
      return [mix(primary, '#000000', 0.5), primary]
  }
}

// ---- cover 750x420 (goods detail hero, whose bottom 32 px the info card covers; the goods card shows its
// centre 630x420) ----
export function coverHtml(c) {
  const [c1, c2] = c.colors
  const css = `
  .bg{position:absolute;inset:0;background:linear-gradient(125deg,${c1} 0%,${c2} 100%)}
  .main{position:absolute;left:72px;top:40px;width:392px;color:#fff}
  .kind{display:inline-flex;align-items:center;gap:8px;height:36px;padding:0 16px;border-radius:18px;background:rgba(255,255,255,.18);font-size:20px;font-weight:700;letter-spacing:1px}
  .kind b{display:inline-block;width:9px;height:9px;border-radius:50%;background:${c.free ? '#52c41a' : '#ffd666'}}
  .title{margin-top:22px;font-size:52px;line-height:1.22;font-weight:700;letter-spacing:1px;text-shadow:0 2px 10px rgba(0,0,0,.18)}
  .sub{margin-top:16px;font-size:21px;opacity:.88;letter-spacing:.5px}
  .tags{margin-top:20px;display:flex;gap:10px;flex-wrap:wrap}
  .tags span{font-size:18px;padding:5px 12px;border-radius:8px;border:1.5px solid rgba(255,255,255,.55)}
  .art{position:absolute;right:66px;top:70px;width:210px;height:210px;border-radius:50%;background:rgba(255,255,255,.12);display:flex;align-items:center;justify-content:center}
  .foot{position:absolute;left:72px;right:72px;bottom:50px;display:flex;justify-content:space-between;align-items:center;color:rgba(255,255,255,.86);font-size:19px}
  .mark{display:inline-flex;align-items:center;gap:8px}
  .mark i{width:24px;height:24px;border-radius:7px;background:#fff;color:${c1};font-style:normal;font-weight:700;font-size:15px;display:inline-flex;align-items:center;justify-content:center}
  .free{position:absolute;right:0;top:0;padding:10px 30px 10px 36px;border-bottom-left-radius:26px;background:#52c41a;color:#fff;font-size:22px;font-weight:700}`
  const body = `<div class="bg"></div>${decoration(750, 420, c.seed)}
  <div class="main"><div class="kind"><b></b>${esc(c.kind)}</div><div class="title" data-lines="2">${wrapWords(c.title)}</div>
  <div class="sub">${esc(c.sub)}</div><div class="tags">${c.tags.map((t) => `<span>${esc(t)}</span>`).join('')}</div></div>
  <div class="art">${art(c.art, c1, 170)}</div>
  <div class="foot"><span class="mark"><i>${esc(c.school.slice(0, 1))}</i>${esc(c.school)}</span><span>${esc(c.teachers)}</span></div>
  ${c.free ? '<div class="free">免费</div>' : ''}`
  return page(750, 420, css, body)
}

// ---- home banner 750x300 ----
export function bannerHtml(b) {
  const [c1, c2] = b.colors
  const css = `
  .bg{position:absolute;inset:0;background:linear-gradient(110deg,${c1} 0%,${c2} 100%)}
  .main{position:absolute;left:54px;top:52px;width:430px;color:#fff}
  .eyebrow{font-size:20px;letter-spacing:3px;opacity:.85}
  .title{margin-top:10px;font-size:50px;line-height:1.25;font-weight:700;letter-spacing:2px;white-space:nowrap;text-shadow:0 3px 12px rgba(0,0,0,.2)}
  .sub{margin-top:14px;font-size:22px;opacity:.9}
  .cta{margin-top:22px;display:inline-flex;align-items:center;height:46px;padding:0 26px;border-radius:23px;background:#fff;color:${c1};font-size:22px;font-weight:700}
  .cta:after{content:'';margin-left:10px;border:7px solid transparent;border-left:10px solid ${c1};border-right:0}
  .art{position:absolute;right:36px;top:45px;width:210px;height:210px;border-radius:50%;background:rgba(255,255,255,.13);display:flex;align-items:center;justify-content:center}`
  const body = `<div class="bg"></div>${decoration(750, 300, b.seed)}
  <div class="main"><div class="eyebrow">${esc(b.school)}</div><div class="title" data-lines="1">${esc(b.title)}</div>
  <div class="sub">${esc(b.sub)}</div><div class="cta">${esc(b.cta)}</div></div>
  <div class="art">${art(b.art, c1, 170)}</div>`
  return page(750, 300, css, body)
}

// ---- news thumbnail 280x196 (the list shows it at 10:7) ----
export function newsHtml(n) {
  const [c1, c2] = n.colors
  const css = `
  .bg{position:absolute;inset:0;background:linear-gradient(135deg,${c1},${c2})}
  .art{position:absolute;right:16px;top:16px;width:112px;height:112px;border-radius:50%;background:rgba(255,255,255,.14);display:flex;align-items:center;justify-content:center}
  .label{position:absolute;left:18px;top:18px;padding:5px 12px;border-radius:14px;background:rgba(255,255,255,.2);color:#fff;font-size:17px;font-weight:700;letter-spacing:1px}
  .year{position:absolute;left:20px;right:16px;bottom:16px;color:rgba(255,255,255,.95);font-size:28px;font-weight:700;letter-spacing:1px;white-space:nowrap}`
  const body = `<div class="bg"></div>${decoration(280, 196, n.seed)}
  <div class="label">${esc(n.label)}</div><div class="year" data-lines="1">${esc(n.caption)}</div>
  <div class="art">${art(n.art, c1, 86)}</div>`
  return page(280, 196, css, body)
}

// ---- teacher portrait 160x160: an illustrated bust and the surname on a seal ----
const SKIN = ['#f6d3b8', '#efc4a2', '#f3cdb0', '#e9b995']
const HAIR = ['#2b2320', '#3a2a22', '#1f1b1a', '#4a3428']

export function portraitSvg(p) {
  const skin = SKIN[p.seed % SKIN.length]
  const hair = HAIR[(p.seed >> 1) % HAIR.length]
  const back = p.female
    ? p.long
      ? `<path d="M46 74 C42 40 60 26 80 26 C100 26 118 40 114 74 L118 124 H42 Z" fill="${hair}"/>`
      : `<circle cx="80" cy="30" r="14" fill="${hair}"/>`
    : ''
  const front = p.female
    ? `<path d="M52 70 C50 42 66 32 80 32 C96 32 112 42 108 70 C100 56 86 50 70 52 C62 54 56 60 52 70 Z" fill="${hair}"/>`
    : p.bald
      ? `<path d="M54 62 C54 50 58 44 62 42 C60 50 58 56 58 64 Z M106 62 C106 50 102 44 98 42 C100 50 102 56 102 64 Z" fill="${hair}" opacity=".85"/>`
      : `<path d="M52 66 C48 38 66 28 82 29 C100 30 112 40 108 66 C104 54 96 48 84 47 C72 46 60 52 52 66 Z" fill="${hair}"/>`
  const glasses = p.glasses
    ? `<g fill="none" stroke="#2b2b2b" stroke-width="2.2"><rect x="60" y="63" width="16" height="11" rx="4"/><rect x="84" y="63" width="16" height="11" rx="4"/><line x1="76" y1="67" x2="84" y2="67"/></g>`
    : ''
  const collar = p.female
    ? `<path d="M66 112 L80 128 L94 112" fill="#fff"/>`
    : `<path d="M66 112 L80 130 L94 112 Z" fill="#fff"/><path d="M77 120 L83 120 L85 146 L80 152 L75 146 Z" fill="${p.tie}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient></defs>
  <rect width="160" height="160" fill="url(#bg)"/>
  <circle cx="128" cy="30" r="34" fill="#fff" opacity=".14"/>
  ${back}
  <path d="M24 160 C24 126 46 110 80 110 C114 110 136 126 136 160 Z" fill="${p.suit}"/>
  ${collar}
  <rect x="71" y="92" width="18" height="22" rx="7" fill="${skin}"/>
  <ellipse cx="80" cy="68" rx="27" ry="31" fill="${skin}"/>
  <ellipse cx="53" cy="70" rx="5" ry="8" fill="${skin}"/><ellipse cx="107" cy="70" rx="5" ry="8" fill="${skin}"/>
  ${front}
  <g fill="#2b2b2b"><ellipse cx="68" cy="69" rx="2.6" ry="3.2"/><ellipse cx="92" cy="69" rx="2.6" ry="3.2"/></g>
  <path d="M62 60 Q68 56 74 59 M86 59 Q92 56 98 60" fill="none" stroke="${hair}" stroke-width="2.4" stroke-linecap="round"/>
  ${glasses}
  <path d="M72 84 Q80 90 88 84" fill="none" stroke="#b5523b" stroke-width="2.6" stroke-linecap="round"/>
  <g fill="#f19a8a" opacity=".35"><circle cx="62" cy="80" r="5"/><circle cx="98" cy="80" r="5"/></g>
  </svg>`
}

export function teacherHtml(p) {
  const css = `
  .seal{position:absolute;right:8px;bottom:8px;width:40px;height:40px;border-radius:12px;background:${p.seal};color:#fff;font-size:23px;font-weight:700;display:flex;align-items:center;justify-content:center;border:2px solid rgba(255,255,255,.85)}`
  return page(160, 160, css, `${portraitSvg(p)}<div class="seal">${esc(p.name.slice(0, 1))}</div>`)
}

// ---- an article figure 640x400: work at height, safety measures ----
export function figureHtml(f) {
  const a = f.color
  const css = `
  .bg{position:absolute;inset:0;background:linear-gradient(180deg,#eef5ff 0%,#ffffff 70%)}
  .cap{position:absolute;left:24px;top:18px;font-size:22px;font-weight:700;color:#1f2329}
  .note{position:absolute;font-size:15px;color:#1f2329;background:#fff;border:1.5px solid ${a};border-radius:8px;padding:3px 8px;white-space:nowrap}`
  const body = `<div class="bg"></div>
  <svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400" style="position:absolute;left:0;top:0">
    <rect x="0" y="352" width="640" height="48" fill="#d9d2c5"/><rect x="0" y="350" width="640" height="4" fill="#b7ad9c"/>
    <g stroke="#5b6b7f" stroke-width="6"><line x1="120" y1="120" x2="120" y2="352"/><line x1="300" y1="120" x2="300" y2="352"/><line x1="480" y1="120" x2="480" y2="352"/></g>
    <rect x="100" y="210" width="400" height="12" fill="#8c6d46"/>
    <g stroke="${a}" stroke-width="5"><line x1="100" y1="150" x2="500" y2="150"/><line x1="100" y1="182" x2="500" y2="182"/></g>
    <rect x="100" y="198" width="400" height="12" fill="#ffcc00"/><g fill="#1f2329"><rect x="110" y="198" width="20" height="12"/><rect x="150" y="198" width="20" height="12"/><rect x="190" y="198" width="20" height="12"/><rect x="230" y="198" width="20" height="12"/><rect x="270" y="198" width="20" height="12"/><rect x="310" y="198" width="20" height="12"/><rect x="350" y="198" width="20" height="12"/><rect x="390" y="198" width="20" height="12"/><rect x="430" y="198" width="20" height="12"/><rect x="470" y="198" width="20" height="12"/></g>
    <path d="M90 262 Q300 300 510 262" fill="none" stroke="#3c8d5a" stroke-width="3"/>
    <g stroke="#3c8d5a" stroke-width="1.5" opacity=".8">${Array.from({ length: 18 }, (_, i) => `<line x1="${100 + i * 23}" y1="${262 + Math.round(Math.sin((i / 17) * Math.PI) * 18)}" x2="${110 + i * 23}" y2="${276 + Math.round(Math.sin((i / 17) * Math.PI) * 18)}"/>`).join('')}</g>
    <g transform="translate(330 120)"><circle cx="20" cy="14" r="12" fill="#f3cdb0"/><path d="M6 12 C6 -2 34 -2 34 12 Z" fill="#ff8c00"/>
    <rect x="8" y="26" width="24" height="40" rx="6" fill="${a}"/><rect x="10" y="64" width="8" height="26" fill="#34495e"/><rect x="22" y="64" width="8" height="26" fill="#34495e"/>
    <path d="M20 34 C-10 20 -40 10 -70 30" fill="none" stroke="#ff4d4f" stroke-width="3" stroke-dasharray="6 4"/></g>
    <line x1="600" y1="222" x2="600" y2="350" stroke="#ff4d4f" stroke-width="2"/><path d="M594 230 L600 222 L606 230 M594 342 L600 350 L606 342" fill="none" stroke="#ff4d4f" stroke-width="2"/>
  </svg>
  <div class="cap">${esc(f.title)}</div>
  ${f.notes.map((n) => `<div class="note" style="left:${n.x}px;top:${n.y}px">${esc(n.text)}</div>`).join('')}`
  return page(640, 400, css, body)
}

// ---- lesson slides 640x360 ----
export function slideHtml(s) {
  const a = s.color
  const css = `
  .bg{position:absolute;inset:0;background:#fbfcfe}
  .bar{position:absolute;left:0;top:0;bottom:0;width:10px;background:${a}}
  .head{position:absolute;left:40px;right:36px;top:26px;display:flex;justify-content:space-between;align-items:baseline;border-bottom:2px solid ${mix(a, '#ffffff', 0.75)};padding-bottom:10px}
  .head h1{margin:0;font-size:28px;color:#1f2329;font-weight:700}
  .head span{font-size:14px;color:#86909c}
  .points{position:absolute;left:40px;right:172px;top:90px;font-size:22px}
  .pt{display:flex;gap:12px;margin-bottom:.6em;line-height:1.42;color:#1f2329;text-wrap:pretty}
  .sart{position:absolute;right:34px;top:100px;width:112px;height:112px;border-radius:50%;background:${a};display:flex;align-items:center;justify-content:center;box-shadow:0 8px 24px ${mix(a, '#ffffff', 0.6)}}
  .pt i{flex:none;margin-top:.22em;width:1.05em;height:1.05em;border-radius:.3em;background:${a};color:#fff;font-style:normal;font-size:1em;display:flex;align-items:center;justify-content:center}
  .pt i b{font-size:.66em}
  .pt sub,.pt sup{font-size:.7em}
  .pt.hide{visibility:hidden}
  .pt em{font-style:normal;color:${a};font-weight:700}
  .box{position:absolute;left:40px;right:40px;bottom:40px;padding:8px 16px;border-radius:10px;background:${mix(a, '#ffffff', 0.9)};color:${mix(a, '#000000', 0.35)};font-size:17px;line-height:1.4}
  .box.hide{visibility:hidden}
  .foot{position:absolute;left:40px;right:36px;bottom:12px;display:flex;justify-content:space-between;font-size:13px;color:#a0a8b3}
  .tbg{position:absolute;inset:0;background:linear-gradient(125deg,${mix(a, '#000000', 0.5)},${a})}
  .t{position:absolute;left:48px;top:70px;width:380px;color:#fff}
  .t .course{font-size:18px;opacity:.85;letter-spacing:1px}
  .t h1{margin:14px 0 0;font-size:36px;line-height:1.3;font-weight:700}
  .t .who{margin-top:26px;display:flex;align-items:center;gap:12px;font-size:18px}
  .t .who svg{border-radius:50%;border:3px solid rgba(255,255,255,.8)}
  .t .school{position:absolute;left:0;top:240px;font-size:15px;opacity:.8}
  .tart{position:absolute;right:44px;top:84px;width:180px;height:180px;border-radius:50%;background:rgba(255,255,255,.13);display:flex;align-items:center;justify-content:center}`
  if (s.kind === 'title') {
    const portrait = portraitSvg(s.portrait).replace('width="160" height="160"', 'width="56" height="56"')
    return page(
      640,
      360,
      css,
      `<div class="tbg"></div>${decoration(640, 360, 3)}
      <div class="t"><div class="course">${esc(s.course)}</div><h1>${esc(s.title)}</h1>
      <div class="who">${portrait}<span>主讲 ${esc(s.teacher)}</span></div><div class="school">${esc(s.school)}</div></div>
      <div class="tart">${art(s.art, mix(a, '#000000', 0.4), 150)}</div>`,
    )
  }
  const points = s.points
    .map(
      (p, i) =>
        `<div class="pt${i < s.shown ? '' : ' hide'}"><i><b>${i + 1}</b></i><div>${p.html ?? esc(p.text)}</div></div>`,
    )
    .join('')
  return page(
    640,
    360,
    css,
    `<div class="bg"></div><div class="bar"></div>
    <div class="head"><h1>${esc(s.heading)}</h1><span>${esc(s.course)}</span></div>
    <div class="points">${points}</div><div class="sart">${art(s.art, mix(a, '#000000', 0.4), 88)}</div>
    ${s.note ? `<div class="box${s.shown >= s.points.length ? '' : ' hide'}">${esc(s.note)}</div>` : ''}
    <div class="foot"><span>${esc(s.school)}</span><span>${s.page}</span></div>
    <script>${FIT_POINTS}</script>`,
  )
}

/** A slide's points shrink (every frame of the slide alike: hidden points keep their room) until they end above
 * its note, or above the footer when it has none. */
const FIT_POINTS = `addEventListener('load', () => {
  const fit = window.fit
  window.fit = () => {
    fit?.()
    const pts = document.querySelector('.points')
    const box = document.querySelector('.box')
    const limit = (box ? box.offsetTop : 326) - 10
    for (let size = 22; size > 15 && pts.offsetTop + pts.offsetHeight > limit; size -= 1) pts.style.fontSize = size + 'px'
  }
})`

// ---- handouts: A5 pages printed to PDF by Chromium (scripts/seed-media.mjs, content ./handouts.mjs) ----
const CN_NUM = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二']
const LETTERS = 'ABCDEFGH'

/** A practice question: title, options (letters), and, with `answer`, the answer and its explanation. */
function questionHtml(q, n, answer) {
  const kind = { 1: '单选', 2: '多选', 3: '判断' }[q.type]
  const opts =
    q.type === 3
      ? ''
      : `<ol class="opts">${q.options.map((o, i) => `<li><b>${LETTERS[i]}.</b> ${o}</li>`).join('')}</ol>`
  const ans = q.type === 3 ? (q.ans === 'A' ? '正确' : '错误') : q.ans.replace(/,/g, '')
  const key = `<div class="ans"><b>答案：${ans}</b>　${q.analysis}</div>`
  return `<div class="q"><div class="qt"><span class="no">${n}</span><span class="kind">${kind}</span>${q.title}</div>${answer === 'only' ? '' : opts}${answer ? key : ''}</div>`
}

/**
 * A handout as one HTML document for Chromium's PDF printing (A5). `d.kind` 'notes' (精讲讲义: the lesson's slides
 * with the teacher's explanation, the topic's 知识拓展, five questions with answers) or 'drill' (考点速记与练习: the
 * points as a revision sheet, the questions, then the answers on pages of their own). Question and extra text is
 * HTML written for the handouts (bank questions come escaped); the lesson's points are its slides' text or HTML.
 */
export function handoutHtml(d) {
  const a = d.color
  const light = mix(a, '#ffffff', 0.9)
  const css = `@page{size:A5;margin:14mm 13mm 15mm}
  html,body{margin:0;padding:0}
  body{font-family:'WenQuanYi Micro Hei',sans-serif;font-size:10.5pt;line-height:1.75;color:#1f2329;-webkit-print-color-adjust:exact;print-color-adjust:exact;font-synthesis:none}
  h1,h2,h3,b,strong,th{font-weight:400}
  .cover{height:178mm;position:relative;break-after:page}
  .band{margin:-14mm -13mm 0;padding:16mm 13mm 10mm;background:linear-gradient(125deg,${mix(a, '#000000', 0.45)},${a});color:#fff}
  .band .school{font-size:10pt;opacity:.85;letter-spacing:1px}
  .band h1{margin:6mm 0 2mm;font-size:22pt;line-height:1.3}
  .band .sub{font-size:11pt;opacity:.9}
  .meta{margin-top:7mm;font-size:10pt;color:#4e5969}
  .meta b{color:#1f2329}
  .toc{margin-top:7mm;padding:4mm 5mm;border-radius:3mm;background:${light}}
  .toc h3{margin:0 0 1mm;font-size:11pt;color:${mix(a, '#000000', 0.3)}}
  .toc ol{margin:0;padding-left:6mm;font-size:9.5pt;line-height:1.7}
  .legal{position:absolute;left:0;right:0;bottom:0;font-size:8.5pt;color:#86909c;border-top:1px solid #e5e6eb;padding-top:2mm}
  h2{margin:6mm 0 2mm;padding-left:3mm;border-left:1.2mm solid ${a};font-size:13pt;line-height:1.4;break-after:avoid}
  h2.part{margin-top:0;border:0;padding:0;font-size:15pt;color:${mix(a, '#000000', 0.3)}}
  .pts{margin:0 0 2mm;padding:2.5mm 4mm 2.5mm 9mm;border-radius:2mm;background:#f7f8fa;break-inside:avoid}
  .pts li{margin:.6mm 0}
  .pts em,.toc em{font-style:normal;color:${a};font-weight:700}
  .explain{margin:0 0 2mm;text-indent:2em}
  .tip{margin:2mm 0 3mm;padding:2mm 4mm;border-radius:2mm;background:${light};color:${mix(a, '#000000', 0.4)};font-size:9.5pt;break-inside:avoid}
  .extra p{margin:1.5mm 0;text-indent:2em}
  .extra ul{margin:1mm 0;padding-left:6mm}
  table{width:100%;border-collapse:collapse;margin:2mm 0;font-size:9pt;line-height:1.5;break-inside:avoid}
  th,td{border:1px solid #c9cdd4;padding:1.2mm 2mm;text-align:left;vertical-align:top}
  th{background:${light};font-weight:700}
  .q{margin:0 0 3mm;break-inside:avoid}
  .qt .no{display:inline-block;min-width:6mm;font-weight:700;color:${a}}
  .qt .kind{display:inline-block;margin-right:1.5mm;padding:0 1.2mm;border:1px solid ${mix(a, '#ffffff', 0.5)};border-radius:1mm;font-size:8pt;line-height:1.5;color:${mix(a, '#000000', 0.3)}}
  .opts{list-style:none;margin:.5mm 0 0;padding-left:6mm}
  .opts li{margin:.3mm 0}
  .ans{margin:1mm 0 0 6mm;padding:1.5mm 3mm;border-left:.8mm solid ${mix(a, '#ffffff', 0.4)};background:#f7f8fa;font-size:9.5pt}
  .ans b{color:${mix(a, '#000000', 0.3)}}
  .answers{break-before:page}
  sub,sup{font-size:.7em}`
  const slides = d.slides
    .map((s, i) => {
      const pts = `<ol class="pts">${s.points.map((pt) => `<li>${pt.html ?? esc(pt.text)}</li>`).join('')}</ol>`
      const tip = s.note ? `<div class="tip">${esc(s.note)}</div>` : ''
      if (d.kind === 'drill') return `<h2>${CN_NUM[i]}、${esc(s.heading)}</h2>${pts}${tip}`
      const explain = `<p class="explain">${esc(s.points.map((pt) => pt.say).join(''))}</p>`
      return `<h2>${CN_NUM[i]}、${esc(s.heading)}</h2>${pts}${explain}${tip}`
    })
    .join('')
  const extra = d.extra.map((x) => `<h2>${x.heading}</h2><div class="extra">${x.html}</div>`).join('')
  const qs = d.questions
  const toc =
    d.kind === 'notes'
      ? [...d.slides.map((s) => esc(s.heading)), ...d.extra.map((x) => x.heading), `本讲练习（${qs.length} 题）`]
      : ['考点速记', `练习题（${qs.length} 题）`, '参考答案与解析']
  const cover = `<section class="cover"><div class="band"><div class="school">${esc(d.school)}</div>
    <h1>${esc(d.title)}</h1><div class="sub">${esc(d.subject)} · ${esc(d.lessonTitle)}</div></div>
    <div class="meta">主讲：<b>${esc(d.teacher)}</b>　${esc(d.teacherTitle)}<br>版本：${esc(d.edition)}</div>
    <div class="toc"><h3>目录</h3><ol>${toc.map((x) => `<li>${x}</li>`).join('')}</ol></div>
    <div class="legal">${esc(d.school)}内部讲义，仅供本校学员学习使用，请勿外传。法律法规和标准以现行有效版本为准。</div></section>`
  const body =
    d.kind === 'notes'
      ? `${cover}<h2 class="part">第一部分　课堂讲义</h2>${slides}<h2 class="part">第二部分　知识拓展</h2>${extra}
        <h2 class="part">第三部分　本讲练习</h2>${qs.map((q, i) => questionHtml(q, i + 1, true)).join('')}`
      : `${cover}<h2 class="part">考点速记</h2>${slides}
        <h2 class="part">练习题</h2>${qs.map((q, i) => questionHtml(q, i + 1, false)).join('')}
        <section class="answers"><h2 class="part">参考答案与解析</h2>${qs.map((q, i) => questionHtml(q, i + 1, 'only')).join('')}</section>`
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(d.title)}</title><style>${css}</style></head><body>${body}</body></html>`
}

/** The handout's page footer (Chromium's footer template: its own font size, page numbers filled in). */
export function handoutFooter(d) {
  return `<div style="width:100%;margin:0 13mm;display:flex;justify-content:space-between;font-family:'WenQuanYi Micro Hei',sans-serif;font-size:7.5pt;color:#86909c"><span>${esc(d.school)} · ${esc(d.title)}</span><span>第 <span class="pageNumber"></span> 页 / 共 <span class="totalPages"></span> 页</span></div>`
}
