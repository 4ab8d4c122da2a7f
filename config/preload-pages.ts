import type { Compiler } from 'webpack'

/**
 * H5 first load (docs/DECISIONS.md "First load"): Taro's router `import()`s each page, so a page's chunk was only
 * asked for once the entry had downloaded and run. This writes into index.html a small map of the main package's
 * pages (the tabs) to their chunk files and a script that preloads the opened route's files at once, beside the
 * entry. The chunk names carry their content hash, so the map is built from the compilation, after hashing.
 */
export class PreloadPagesPlugin {
  constructor(
    private readonly routes: string[],
    private readonly entryPage: string,
  ) {}

  apply(compiler: Compiler) {
    const { Compilation, sources } = compiler.webpack
    compiler.hooks.thisCompilation.tap('PreloadPagesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PreloadPagesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const html = compilation.getAsset('index.html')
          if (!html) return
          const map: Record<string, string[]> = {}
          for (const group of compilation.chunkGroups) {
            // an import() of a page: its request ends with the page path (taro-loader's route table)
            const route = group.origins
              .map((o) => /(pages\d?\/[\w/-]+?)(?:\.\w+)?$/.exec(o.request ?? '')?.[1])
              .find((r) => r && this.routes.includes(r))
            if (!route) continue
            const files = group.getFiles().filter((f) => /\.(?:js|css)$/.test(f))
            if (files.length) map[route] = files
          }
          if (Object.keys(map).length === 0) return
          // `__preloadPage` is also what the server's page copy calls once its first screen is painted (it sets
          // `__SHELL_WAIT__` first: server/src/http/h5-page.ts)
          const script = `<script>!function(m){window.__preloadPage=function(){var p=location.pathname.replace(/^\\/+|\\/+$/g,"")||${JSON.stringify(this.entryPage)};(m[p]||[]).forEach(function(f){var l=document.createElement("link");l.rel="preload";l.as=/\\.css$/.test(f)?"style":"script";l.href="/"+f;document.head.appendChild(l)})};window.__SHELL_WAIT__||window.__preloadPage()}(${JSON.stringify(map)})</script>`
          const source = html.source.source().toString()
          compilation.updateAsset('index.html', new sources.RawSource(source.replace('</head>', `${script}</head>`)))
        },
      )
    })
  }
}
