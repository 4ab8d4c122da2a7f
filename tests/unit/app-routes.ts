/** The app's routes as src/app.config.ts declares them ('pages/index/index', 'pages2/wd/info', ...). */
import { readFileSync } from 'node:fs'
import path from 'node:path'

interface AppConfig {
  pages: string[]
  subPackages: { root: string; pages: string[] }[]
}

export function appRoutes(): Set<string> {
  const src = readFileSync(path.join(__dirname, '../../src/app.config.ts'), 'utf8')
  // the file is one object literal handed to Taro's global defineAppConfig
  const body = src.slice(src.indexOf('defineAppConfig(') + 'defineAppConfig('.length, src.lastIndexOf(')'))
  const config = new Function(`return (${body})`)() as AppConfig
  return new Set([...config.pages, ...config.subPackages.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))])
}

/** The route of an in-app link ('/pages2/wd/info?x=1' -> 'pages2/wd/info'). */
export const routeOf = (link: string) => link.replace(/^\//, '').split(/[?#]/)[0]!
