/**
 * What the learner is shown about the PC that asks to sign in (docs/DECISIONS.md "Scan login"): the browser and the
 * system named by its user agent (major versions only) and its address with the host part masked. Product names
 * are not translated; an agent we cannot read gives '' and the app says "unknown".
 */

const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bMicroMessenger\/(\d+)/, 'WeChat'],
  [/\bQQBrowser\/(\d+)/, 'QQ Browser'],
  [/\bUCBrowser\/(\d+)/, 'UC Browser'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\b(?:Chrome|CriOS|HeadlessChrome)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
]

function browserOf(ua: string): string {
  for (const [re, name] of BROWSERS) {
    const m = re.exec(ua)
    if (m) return `${name} ${m[1]}`
  }
  return ''
}

const WINDOWS: Record<string, string> = { '10.0': '10', '6.3': '8.1', '6.2': '8', '6.1': '7' }

function osOf(ua: string): string {
  let m = /Windows NT (\d+\.\d+)/.exec(ua)
  if (m) return `Windows${WINDOWS[m[1]!] ? ` ${WINDOWS[m[1]!]}` : ''}`
  m = /(?:iPhone|iPad|iPod).*? OS (\d+)/.exec(ua)
  if (m) return `iOS ${m[1]}`
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS'
  m = /Android (\d+)/.exec(ua)
  if (m) return `Android ${m[1]}`
  if (/CrOS/.test(ua)) return 'ChromeOS'
  if (/HarmonyOS/.test(ua)) return 'HarmonyOS'
  if (/Linux/.test(ua)) return 'Linux'
  return ''
}

export function describeAgent(ua: string): { browser: string; os: string } {
  return { browser: browserOf(ua), os: osOf(ua) }
}

/** 203.0.113.7 -> 203.0.*.*; an IPv6 address keeps its first two groups. */
export function maskIp(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/i.exec(ip)
  if (v4) return `${v4[1]}.${v4[2]}.*.*`
  if (ip.includes(':')) {
    const groups = ip.split(':').filter(Boolean)
    return groups.length >= 2 ? `${groups[0]}:${groups[1]}:*` : '*'
  }
  return ''
}
