import { cpus } from 'node:os'
import path from 'node:path'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import devConfig from './dev'
import { PreloadPagesPlugin } from './preload-pages'
import prodConfig from './prod'
import { loadTenant, outputRoot, tenantConstant, tenantName } from './tenant'

// the main package's pages (src/app.config.ts `pages`): the ones a learner opens the H5 app on
const MAIN_PAGES = [
  'pages/index/index',
  'pages/course/index',
  'pages/learn/index',
  'pages/questionBank/index',
  'pages/wd/index',
  'pages/information/index',
]

/**
 * `npm start` and `npm test` (BUILD_PROGRESS=lines, scripts/lib.mjs): a plain line every few seconds with the
 * build's percentage instead of webpackbar's redrawn bar, which fills a log or a slow terminal with redraws. Taro's
 * own reporter that prints the warnings and errors at the end is kept.
 */
function lineProgress(
  chain: { plugin(name: string): { tap(f: (args: unknown[]) => unknown[]): unknown } },
  label: string,
) {
  let last = 0
  let lastPercent = -1
  const line = {
    progress({ state }: { state: { progress: number; message?: string; details?: string[] } }) {
      const now = Date.now()
      if (state.progress === lastPercent || (now - last < 5000 && state.progress < 100)) return
      last = now
      lastPercent = state.progress
      // webpack's own words: "building", "1200/1400 modules", ...
      const words = [state.message, ...(state.details ?? []).slice(0, 2)].filter(Boolean).join(' ')
      console.log(`[build] ${label} ${state.progress}%${words ? ` ${words}` : ''}`)
    },
  }
  chain.plugin('webpackbar').tap(([options]) => {
    const o = options as { reporters?: unknown[] }
    return [
      {
        ...o,
        fancy: false,
        basic: false,
        reporters: [line, ...(o.reporters ?? []).filter((r) => typeof r !== 'string')],
      },
    ]
  })
}

export default defineConfig<'webpack5'>(async (merge, { command, mode }) => {
  const taroEnv = process.env.TARO_ENV
  const dev = process.env.NODE_ENV === 'development' || mode === 'development' || process.argv.includes('--watch')
  const tenant = tenantConstant(loadTenant(tenantName()), taroEnv)
  // contract/ (route table) and shared/ (the rules both sides use) live outside src/ and go through babel too.
  const compile = { include: [path.resolve(__dirname, '..', 'contract'), path.resolve(__dirname, '..', 'shared')] }

  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'learn-exam-app',
    date: '2025-01-01',
    // NutUI's CSS is written for a 375 px design; everything else for 750 (NutUI's Taro setup guide).
    designWidth(input) {
      const file = typeof input === 'object' && input?.file ? input.file.replace(/\\+/g, '/') : ''
      return file.includes('@nutui') ? 375 : 750
    },
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    outputRoot: outputRoot(taroEnv, dev),
    plugins: [],
    defineConstants: {
      TENANT_CONFIG: JSON.stringify(tenant),
    },
    alias: {
      '@': path.resolve(__dirname, '..', 'src'),
    },
    copy: { patterns: [], options: {} },
    framework: 'react',
    compiler: 'webpack5',
    cache: { enable: false },
    mini: {
      compile,
      optimizeMainPackage: { enable: true },
      webpackChain(chain) {
        if (process.env.BUILD_PROGRESS === 'lines') lineProgress(chain, 'weapp')
        // Taro's terser default escapes every non-ASCII character (\uXXXX, 6 bytes); mini-program sources are
        // UTF-8, where a Chinese character takes 3: about 15 KB less in the main package (issue 15).
        // (webpack-chain's types omit `minimizers`; production builds only have a minimizer)
        const minimizers = (chain.optimization as unknown as { minimizers: { has(name: string): boolean } }).minimizers
        if (minimizers.has('terserPlugin')) {
          chain.optimization.minimizer('terserPlugin').tap(([options]) => [
            {
              ...options,
              terserOptions: {
                ...options.terserOptions,
                output: { ...options.terserOptions?.output, ascii_only: false },
              },
            },
          ])
        }
      },
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false },
      },
    },
    h5: {
      compile,
      publicPath: '/',
      staticDirectory: 'static',
      // Spec §2: history mode with base '/'. Taro renders blank pages with basename '/', so none is set.
      // Pages are lazy chunks (router.lazyload defaults to on). Taro's router has no page-load delay or
      // time-out setting; the spec's 200 ms / 60 s are not configurable here. Chunk load time-out: 120 s (§9).
      router: { mode: 'browser' },
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[chunkhash:8].js',
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash].css',
        chunkFilename: 'css/[name].[chunkhash].css',
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false },
      },
      webpackChain(chain) {
        chain.output.chunkLoadTimeout(120_000)
        if (!dev) {
          // Minified by swc (already under Taro) through terser-webpack-plugin: a third of terser's time for output a
          // little smaller; terser-webpack-plugin caps its workers at cores - 1 (one, here) while webpack's own thread
          // sits idle waiting for them, so a worker on every core (docs/DECISIONS.md "First start")
          const minifier = require('terser-webpack-plugin') as {
            getAvailableNumberOfCores(parallel?: unknown): number
            swcMinify: unknown
          }
          minifier.getAvailableNumberOfCores = () => Math.max(1, cpus().length)
          chain.optimization.minimizer('terserPlugin').tap(([options]) => [
            {
              ...(options as object),
              minify: minifier.swcMinify,
              extractComments: false,
              // Taro's H5 defaults keep function names; comments go
              terserOptions: {
                compress: { keep_fnames: true },
                mangle: { keep_fnames: true },
                format: { comments: false },
              },
            },
          ])
          // Code that several lazy page chunks import (Taro's component set: swiper, video, picker, canvas ~300 KB;
          // shared helpers) goes into shared chunks, loaded once and cached for every page. Taro splits initial chunks
          // only, so each of the ~110 page chunks carried its own copy: 47 MB of output minified and compressed one copy
          // at a time, 4x the build's CPU (docs/DECISIONS.md "First start").
          const split = chain.optimization.get('splitChunks')
          chain.optimization.splitChunks({
            ...split,
            cacheGroups: {
              ...split.cacheGroups,
              sharedAsync: { chunks: 'async', minChunks: 2, minSize: 20_000, priority: 5, reuseExistingChunk: true },
            },
          })
        }
        if (process.env.BUILD_PROGRESS === 'lines') lineProgress(chain, 'h5')
        // webpack's generic 244 KiB hints: our budgets are `npm run size` (scripts/size.mjs), per platform and package
        chain.performance.hints(false)
        // index.html preloads the opened tab page's chunk beside the entry (docs/DECISIONS.md "First load")
        if (!dev) chain.plugin('preloadPages').use(PreloadPagesPlugin, [MAIN_PAGES, MAIN_PAGES[0]])
        // Taro's request API imports fetch and AbortController polyfills and a JSONP library. Every browser of the
        // browser list has fetch and AbortController, and the app makes no JSONP calls (docs/DECISIONS.md "First load")
        chain.resolve.alias
          .set('whatwg-fetch$', path.resolve(__dirname, 'shims/empty.js'))
          .set(
            'abortcontroller-polyfill/dist/abortcontroller-polyfill-only$',
            path.resolve(__dirname, 'shims/empty.js'),
          )
          .set('jsonp-retry$', path.resolve(__dirname, 'shims/jsonp-retry.js'))
      },
      devServer: { host: '127.0.0.1', open: false },
    },
  }

  if (dev || command === 'serve') return merge({}, baseConfig, devConfig)
  return merge({}, baseConfig, prodConfig)
})
