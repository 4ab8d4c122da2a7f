// Flat illustrations for the seed's posters (covers, banners, news thumbnails, slides): inline SVG drawn from
// shapes, no downloaded artwork. Each takes an accent colour and draws in a 200x200 box on a dark ground.

const W = '#ffffff'

/** `<svg>` wrapper: the art in a 200x200 view box at the given pixel size. */
export const svg = (body, size = 200, extra = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 200 200" ${extra}>${body}</svg>`

const ART = {
  // safety management: a shield with a check mark
  shield: (a) => `
    <path d="M100 22 L160 44 V96 C160 136 134 164 100 178 C66 164 40 136 40 96 V44 Z" fill="${W}" opacity=".95"/>
    <path d="M100 36 L148 54 V96 C148 128 128 151 100 163 Z" fill="${a}" opacity=".18"/>
    <path d="M72 100 L93 121 L131 80" fill="none" stroke="${a}" stroke-width="13" stroke-linecap="round" stroke-linejoin="round"/>`,
  // a hard hat
  helmet: (a) => `
    <path d="M44 132 C44 86 70 58 104 58 C138 58 160 88 160 132 Z" fill="${W}"/>
    <path d="M88 60 C92 82 92 108 90 132 H118 C116 108 116 82 120 60 C110 56 98 56 88 60 Z" fill="${a}" opacity=".22"/>
    <path d="M20 130 H172 C178 130 182 134 182 140 C182 146 178 150 172 150 H30 C24 150 20 146 20 140 Z" fill="${W}"/>
    <rect x="44" y="128" width="116" height="6" fill="${a}" opacity=".35"/>
    <path d="M60 104 C62 88 70 76 82 68" fill="none" stroke="${a}" stroke-width="6" stroke-linecap="round" opacity=".35"/>`,
  // electrical: a bolt in a ring and a plug
  bolt: (a) => `
    <circle cx="100" cy="94" r="66" fill="${W}"/>
    <path d="M108 38 L68 104 H96 L88 152 L134 82 H104 Z" fill="${a}"/>
    <rect x="84" y="168" width="32" height="14" rx="4" fill="${W}" opacity=".8"/>
    <rect x="90" y="182" width="5" height="12" rx="2" fill="${W}" opacity=".8"/><rect x="105" y="182" width="5" height="12" rx="2" fill="${W}" opacity=".8"/>`,
  // construction: a tower crane over a building
  crane: (a) => `
    <rect x="58" y="30" width="8" height="150" fill="${W}"/>
    <path d="M58 40 L66 40 L66 48 L58 48 Z M58 60 L66 52 M58 76 L66 68 M58 92 L66 84 M58 108 L66 100 M58 124 L66 116 M58 140 L66 132" stroke="${a}" stroke-width="2"/>
    <rect x="22" y="30" width="160" height="8" fill="${W}"/><path d="M62 14 L40 30 H84 Z" fill="${W}" opacity=".8"/>
    <rect x="22" y="38" width="18" height="14" fill="${a}"/>
    <line x1="150" y1="38" x2="150" y2="86" stroke="${W}" stroke-width="2"/><rect x="140" y="86" width="20" height="14" rx="2" fill="${a}"/>
    <rect x="96" y="104" width="80" height="76" rx="3" fill="${W}" opacity=".95"/>
    <g fill="${a}" opacity=".55"><rect x="106" y="114" width="14" height="12"/><rect x="130" y="114" width="14" height="12"/><rect x="154" y="114" width="14" height="12"/>
    <rect x="106" y="136" width="14" height="12"/><rect x="130" y="136" width="14" height="12"/><rect x="154" y="136" width="14" height="12"/>
    <rect x="128" y="158" width="18" height="22"/></g>
    <rect x="14" y="178" width="172" height="6" rx="3" fill="${W}" opacity=".6"/>`,
  // fire: a flame and an extinguisher
  flame: (a) => `
    <path d="M86 176 C52 172 36 146 40 118 C44 92 64 80 66 54 C84 66 92 84 90 100 C98 90 102 76 100 62 C128 82 140 110 136 136 C132 160 114 176 86 176 Z" fill="${W}"/>
    <path d="M88 170 C70 166 62 150 66 134 C70 120 80 114 82 100 C94 110 100 122 98 134 C104 128 108 120 108 112 C120 126 122 144 116 156 C110 166 100 170 88 170 Z" fill="${a}"/>
    <rect x="146" y="96" width="30" height="84" rx="12" fill="${W}"/><rect x="152" y="80" width="18" height="18" rx="4" fill="${W}" opacity=".85"/>
    <path d="M170 86 C184 86 188 76 186 66" fill="none" stroke="${W}" stroke-width="5" stroke-linecap="round"/>
    <rect x="150" y="122" width="22" height="28" rx="4" fill="${a}" opacity=".6"/>`,
  // mathematics: axes, a curve, an integral sign
  graph: (a) => `
    <rect x="26" y="26" width="148" height="148" rx="18" fill="${W}"/>
    <line x1="46" y1="150" x2="160" y2="150" stroke="${a}" stroke-width="4" opacity=".5"/><line x1="56" y1="160" x2="56" y2="40" stroke="${a}" stroke-width="4" opacity=".5"/>
    <path d="M56 140 C86 136 96 70 120 66 C136 64 146 92 158 120" fill="none" stroke="${a}" stroke-width="7" stroke-linecap="round"/>
    <path d="M56 150 L56 140 C86 136 96 70 120 66 L120 150 Z" fill="${a}" opacity=".16"/>
    <text x="132" y="62" font-family="serif" font-style="italic" font-size="40" fill="${a}">∫</text>`,
  // accounting: a ledger and a calculator
  ledger: (a) => `
    <rect x="30" y="30" width="100" height="136" rx="10" fill="${W}" opacity=".9"/>
    <g stroke="${a}" stroke-width="4" opacity=".45" stroke-linecap="round"><line x1="46" y1="58" x2="112" y2="58"/><line x1="46" y1="78" x2="112" y2="78"/><line x1="46" y1="98" x2="100" y2="98"/><line x1="46" y1="118" x2="108" y2="118"/></g>
    <rect x="96" y="78" width="78" height="104" rx="12" fill="${W}"/><rect x="106" y="88" width="58" height="22" rx="4" fill="${a}"/>
    <g fill="${a}" opacity=".6"><rect x="106" y="118" width="14" height="12" rx="3"/><rect x="128" y="118" width="14" height="12" rx="3"/><rect x="150" y="118" width="14" height="12" rx="3"/>
    <rect x="106" y="138" width="14" height="12" rx="3"/><rect x="128" y="138" width="14" height="12" rx="3"/><rect x="150" y="138" width="14" height="32" rx="3"/>
    <rect x="106" y="158" width="36" height="12" rx="3"/></g>`,
  // law: a pair of scales
  scales: (a) => `
    <rect x="95" y="34" width="10" height="134" rx="5" fill="${W}"/><circle cx="100" cy="32" r="10" fill="${W}"/>
    <rect x="36" y="56" width="128" height="8" rx="4" fill="${W}"/>
    <path d="M48 64 L28 116 H68 Z M152 64 L132 116 H172 Z" fill="none" stroke="${W}" stroke-width="3"/>
    <path d="M24 116 H72 C72 132 24 132 24 116 Z M128 116 H176 C176 132 128 132 128 116 Z" fill="${a}"/>
    <rect x="62" y="166" width="76" height="14" rx="7" fill="${W}"/>`,
  // finance: coins and a rising bar chart
  coins: (a) => `
    <g fill="${W}" opacity=".9"><rect x="100" y="120" width="18" height="52" rx="3"/><rect x="126" y="96" width="18" height="76" rx="3"/><rect x="152" y="62" width="18" height="110" rx="3"/></g>
    <path d="M96 108 L132 80 L150 92 L178 48" fill="none" stroke="${a}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
    <path d="M164 44 L182 42 L178 60" fill="none" stroke="${a}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
    <g><ellipse cx="56" cy="160" rx="34" ry="11" fill="${W}"/><rect x="22" y="134" width="68" height="26" fill="${W}"/><ellipse cx="56" cy="134" rx="34" ry="11" fill="${a}"/>
    <rect x="22" y="114" width="68" height="20" fill="${W}" opacity=".9"/><ellipse cx="56" cy="114" rx="34" ry="11" fill="${a}"/>
    <text x="56" y="120" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="16" fill="${W}">¥</text></g>`,
  // human resources: three people
  people: (a) => `
    <circle cx="56" cy="82" r="20" fill="${W}" opacity=".75"/><path d="M24 150 C24 118 88 118 88 150 Z" fill="${W}" opacity=".75"/>
    <circle cx="144" cy="82" r="20" fill="${W}" opacity=".75"/><path d="M112 150 C112 118 176 118 176 150 Z" fill="${W}" opacity=".75"/>
    <circle cx="100" cy="72" r="26" fill="${W}"/><path d="M56 166 C56 120 144 120 144 166 Z" fill="${W}"/>
    <path d="M92 118 L100 146 L108 118 Z" fill="${a}"/>`,
  // education: an open book and a pencil
  book: (a) => `
    <path d="M100 60 C80 46 50 44 26 50 V156 C50 150 80 152 100 166 Z" fill="${W}"/>
    <path d="M100 60 C120 46 150 44 174 50 V156 C150 150 120 152 100 166 Z" fill="${W}" opacity=".85"/>
    <g stroke="${a}" stroke-width="4" stroke-linecap="round" opacity=".45"><line x1="40" y1="76" x2="86" y2="80"/><line x1="40" y1="96" x2="86" y2="100"/><line x1="40" y1="116" x2="78" y2="119"/>
    <line x1="114" y1="80" x2="160" y2="76"/><line x1="114" y1="100" x2="160" y2="96"/></g>
    <g transform="rotate(38 150 120)"><rect x="142" y="40" width="16" height="92" rx="3" fill="${a}"/><path d="M142 132 H158 L150 150 Z" fill="${W}"/></g>`,
  // digital economy: a chip with traces
  chip: (a) => `
    <g stroke="${W}" stroke-width="6" stroke-linecap="round" opacity=".8">
    <line x1="70" y1="26" x2="70" y2="50"/><line x1="100" y1="20" x2="100" y2="50"/><line x1="130" y1="26" x2="130" y2="50"/>
    <line x1="70" y1="150" x2="70" y2="174"/><line x1="100" y1="150" x2="100" y2="180"/><line x1="130" y1="150" x2="130" y2="174"/>
    <line x1="26" y1="70" x2="50" y2="70"/><line x1="20" y1="100" x2="50" y2="100"/><line x1="26" y1="130" x2="50" y2="130"/>
    <line x1="150" y1="70" x2="174" y2="70"/><line x1="150" y1="100" x2="180" y2="100"/><line x1="150" y1="130" x2="174" y2="130"/></g>
    <rect x="48" y="48" width="104" height="104" rx="16" fill="${W}"/><rect x="68" y="68" width="64" height="64" rx="8" fill="${a}"/>
    <path d="M84 112 L96 96 L106 104 L118 86" fill="none" stroke="${W}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`,
  // theory: a book with a star
  star: (a) => `
    <rect x="46" y="34" width="108" height="140" rx="10" fill="${W}"/><rect x="46" y="34" width="16" height="140" rx="6" fill="${a}" opacity=".5"/>
    <path d="M108 64 L116 84 L138 86 L121 100 L127 122 L108 110 L89 122 L95 100 L78 86 L100 84 Z" fill="${a}"/>
    <g stroke="${a}" stroke-width="4" stroke-linecap="round" opacity=".4"><line x1="80" y1="140" x2="136" y2="140"/><line x1="80" y1="154" x2="124" y2="154"/></g>`,
  // a document and a magnifier (outlines, syllabus)
  doc: (a) => `
    <path d="M44 24 H118 L150 56 V170 C150 174 146 178 142 178 H44 C40 178 36 174 36 170 V32 C36 28 40 24 44 24 Z" fill="${W}"/>
    <path d="M118 24 V56 H150 Z" fill="${a}" opacity=".4"/>
    <g stroke="${a}" stroke-width="5" stroke-linecap="round" opacity=".45"><line x1="54" y1="72" x2="120" y2="72"/><line x1="54" y1="94" x2="130" y2="94"/><line x1="54" y1="116" x2="100" y2="116"/></g>
    <circle cx="128" cy="136" r="26" fill="none" stroke="${a}" stroke-width="10"/><line x1="148" y1="156" x2="170" y2="178" stroke="${a}" stroke-width="12" stroke-linecap="round"/>`,
  // registration: a calendar
  calendar: (a) => `
    <rect x="28" y="40" width="144" height="134" rx="16" fill="${W}"/><rect x="28" y="40" width="144" height="38" rx="16" fill="${a}"/><rect x="28" y="62" width="144" height="16" fill="${a}"/>
    <rect x="56" y="26" width="12" height="30" rx="6" fill="${W}"/><rect x="132" y="26" width="12" height="30" rx="6" fill="${W}"/>
    <g fill="${a}" opacity=".3"><rect x="46" y="92" width="22" height="18" rx="4"/><rect x="78" y="92" width="22" height="18" rx="4"/><rect x="110" y="92" width="22" height="18" rx="4"/><rect x="142" y="92" width="20" height="18" rx="4"/>
    <rect x="46" y="120" width="22" height="18" rx="4"/><rect x="110" y="120" width="22" height="18" rx="4"/><rect x="142" y="120" width="20" height="18" rx="4"/>
    <rect x="46" y="148" width="22" height="18" rx="4"/><rect x="78" y="148" width="22" height="18" rx="4"/></g>
    <rect x="78" y="120" width="22" height="18" rx="4" fill="${a}"/>`,
  // certificate with a ribbon seal
  cert: (a) => `
    <rect x="20" y="40" width="160" height="112" rx="8" fill="${W}"/><rect x="30" y="50" width="140" height="92" rx="4" fill="none" stroke="${a}" stroke-width="3" opacity=".5"/>
    <g stroke="${a}" stroke-width="5" stroke-linecap="round" opacity=".45"><line x1="48" y1="76" x2="120" y2="76"/><line x1="48" y1="96" x2="110" y2="96"/></g>
    <path d="M130 128 L122 176 L140 164 L152 182 L156 132 Z" fill="${a}" opacity=".8"/>
    <circle cx="142" cy="120" r="22" fill="${a}"/><circle cx="142" cy="120" r="13" fill="none" stroke="${W}" stroke-width="3"/>`,
  // assessment: a clipboard with ticks
  checklist: (a) => `
    <rect x="40" y="34" width="120" height="148" rx="12" fill="${W}"/><rect x="74" y="24" width="52" height="22" rx="8" fill="${a}"/>
    <g fill="none" stroke="${a}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><path d="M58 76 L66 84 L80 68"/><path d="M58 112 L66 120 L80 104"/><path d="M58 148 L66 156 L80 140"/></g>
    <g stroke="${a}" stroke-width="5" stroke-linecap="round" opacity=".4"><line x1="92" y1="77" x2="140" y2="77"/><line x1="92" y1="113" x2="136" y2="113"/><line x1="92" y1="149" x2="128" y2="149"/></g>`,
  // contests: a trophy
  trophy: (a) => `
    <path d="M60 34 H140 V82 C140 108 122 124 100 124 C78 124 60 108 60 82 Z" fill="${W}"/>
    <path d="M60 48 H34 C34 80 48 92 64 94 M140 48 H166 C166 80 152 92 136 94" fill="none" stroke="${W}" stroke-width="8"/>
    <rect x="92" y="122" width="16" height="26" fill="${W}"/><rect x="64" y="148" width="72" height="26" rx="6" fill="${a}"/>
    <path d="M100 52 L106 66 L121 67 L109 77 L113 92 L100 83 L87 92 L91 77 L79 67 L94 66 Z" fill="${a}"/>`,
  // study hours: a clock
  clock: (a) => `
    <circle cx="100" cy="102" r="72" fill="${W}"/><circle cx="100" cy="102" r="60" fill="none" stroke="${a}" stroke-width="4" opacity=".3"/>
    <g stroke="${a}" stroke-width="6" stroke-linecap="round"><line x1="100" y1="102" x2="100" y2="62"/><line x1="100" y1="102" x2="130" y2="118"/></g>
    <circle cx="100" cy="102" r="8" fill="${a}"/>
    <path d="M40 44 A72 72 0 0 1 76 22" fill="none" stroke="${W}" stroke-width="8" stroke-linecap="round" opacity=".6"/>`,
  // professional titles: a medal
  medal: (a) => `
    <path d="M66 20 H92 L112 74 H86 Z" fill="${a}" opacity=".75"/><path d="M134 20 H108 L88 74 H114 Z" fill="${W}" opacity=".8"/>
    <circle cx="100" cy="124" r="54" fill="${W}"/><circle cx="100" cy="124" r="40" fill="${a}"/>
    <path d="M100 96 L108 116 L130 117 L113 131 L119 152 L100 140 L81 152 L87 131 L70 117 L92 116 Z" fill="${W}"/>`,
  // questions and answers: speech bubbles
  chat: (a) => `
    <path d="M30 40 H130 C138 40 144 46 144 54 V110 C144 118 138 124 130 124 H72 L46 146 V124 H30 C22 124 16 118 16 110 V54 C16 46 22 40 30 40 Z" fill="${W}"/>
    <text x="80" y="103" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="56" fill="${a}">?</text>
    <path d="M110 96 H174 C180 96 186 102 186 108 V150 C186 156 180 162 174 162 H166 V180 L146 162 H110 C104 162 98 156 98 150 V108 C98 102 104 96 110 96 Z" fill="${a}"/>
    <g fill="${W}"><circle cx="124" cy="130" r="6"/><circle cx="142" cy="130" r="6"/><circle cx="160" cy="130" r="6"/></g>`,
  // question bank: an answer sheet
  sheet: (a) => `
    <rect x="38" y="22" width="124" height="160" rx="12" fill="${W}"/>
    <g fill="none" stroke="${a}" stroke-width="3" opacity=".55">
    <circle cx="66" cy="56" r="9"/><circle cx="94" cy="56" r="9"/><circle cx="150" cy="56" r="9"/>
    <circle cx="66" cy="90" r="9"/><circle cx="122" cy="90" r="9"/><circle cx="150" cy="90" r="9"/>
    <circle cx="94" cy="124" r="9"/><circle cx="122" cy="124" r="9"/><circle cx="150" cy="124" r="9"/></g>
    <g fill="${a}"><circle cx="122" cy="56" r="9"/><circle cx="94" cy="90" r="9"/><circle cx="66" cy="124" r="9"/></g>
    <rect x="56" y="150" width="88" height="14" rx="7" fill="${a}" opacity=".35"/>`,
  // live class: a screen with a presenter and a play mark
  live: (a) => `
    <rect x="18" y="34" width="164" height="112" rx="12" fill="${W}"/>
    <circle cx="70" cy="80" r="16" fill="${a}" opacity=".6"/><path d="M42 136 C42 106 98 106 98 136 Z" fill="${a}" opacity=".6"/>
    <g stroke="${a}" stroke-width="5" stroke-linecap="round" opacity=".4"><line x1="114" y1="66" x2="164" y2="66"/><line x1="114" y1="86" x2="156" y2="86"/><line x1="114" y1="106" x2="160" y2="106"/></g>
    <rect x="84" y="146" width="32" height="16" fill="${W}" opacity=".8"/><rect x="58" y="160" width="84" height="10" rx="5" fill="${W}"/>
    <rect x="118" y="14" width="58" height="26" rx="13" fill="#ff4d4f"/><circle cx="132" cy="27" r="5" fill="${W}"/>
    <text x="156" y="33" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="15" fill="${W}">LIVE</text>`,
  // package: stacked books with a ribbon
  bundle: (a) => `
    <rect x="34" y="128" width="132" height="30" rx="6" fill="${W}"/><rect x="44" y="96" width="118" height="30" rx="6" fill="${W}" opacity=".85"/>
    <rect x="30" y="64" width="126" height="30" rx="6" fill="${W}" opacity=".95"/>
    <rect x="46" y="128" width="10" height="30" fill="${a}" opacity=".6"/><rect x="56" y="96" width="10" height="30" fill="${a}" opacity=".6"/><rect x="42" y="64" width="10" height="30" fill="${a}" opacity=".6"/>
    <rect x="112" y="52" width="22" height="116" fill="${a}"/><path d="M112 168 L123 156 L134 168 L134 186 L123 176 L112 186 Z" fill="${a}"/>
    <circle cx="150" cy="42" r="22" fill="#ffd666"/><text x="150" y="50" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="22" fill="#7a4b00">惠</text>`,
}

export const ART_NAMES = Object.keys(ART)

/** The illustration `name` with accent `accent`. */
export function art(name, accent, size = 200) {
  const draw = ART[name]
  if (!draw) throw new Error(`seed-media: no illustration named ${name}`)
  return svg(draw(accent), size)
}

/** Soft background decoration: rings and dots in white at low opacity. */
export function decoration(width, height, seed = 1) {
  const r = (n) => ((seed * 9301 + n * 49297) % 233280) / 233280
  const rings = [0, 1, 2]
    .map((i) => {
      const cx = Math.round(width * (0.55 + r(i) * 0.45))
      const cy = Math.round(height * r(i + 7))
      const rad = Math.round(height * (0.35 + r(i + 3) * 0.45))
      return `<circle cx="${cx}" cy="${cy}" r="${rad}" fill="none" stroke="#fff" stroke-width="${18 + i * 10}" opacity="${0.05 + i * 0.015}"/>`
    })
    .join('')
  const dots = Array.from({ length: 24 }, (_, i) => {
    const x = 24 + (i % 6) * 14
    const y = height - 70 + Math.floor(i / 6) * 14
    return `<circle cx="${x}" cy="${y}" r="2.2" fill="#fff" opacity=".16"/>`
  }).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" style="position:absolute;left:0;top:0">${rings}${dots}</svg>`
}
