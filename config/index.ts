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

export default defineConfig<'webpack5'>(async (merge, { command, mode }) => {
  const taroEnv = process.env.TARO_ENV
  const dev = process.env.NODE_ENV === 'development' || mode === 'development' || process.argv.includes('--watch')
  const tenant = tenantConstant(loadTenant(tenantName()), taroEnv)
  // contract/ (route table shared with the server) lives outside src/ and must go through babel too.
  const compile = { include: [path.resolve(__dirname, '..', 'contract')] }

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
        filename: 'js/[name].[hash:8].js',
        chunkFilename: 'js/[name].[chunkhash:8].js',
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[hash].css',
        chunkFilename: 'css/[name].[chunkhash].css',
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false },
      },
      webpackChain(chain) {
        chain.output.chunkLoadTimeout(120_000)
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
