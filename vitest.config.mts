import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url))

// Taro compile-time globals the H5 runtime and components expect (TOOLCHAIN.md).
const taroDefines = {
  'process.env.TARO_ENV': '"h5"',
  'process.env.TARO_PLATFORM': '"web"',
  'process.env.SUPPORT_TARO_POLYFILL': '"disabled"',
  DEPRECATED_ADAPTER_COMPONENT: 'false',
  ENABLE_INNER_HTML: 'true',
  ENABLE_ADJACENT_HTML: 'true',
  ENABLE_SIZE_APIS: 'false',
  ENABLE_TEMPLATE_CONTENT: 'true',
  ENABLE_CLONE_NODE: 'true',
  ENABLE_CONTAINS: 'true',
  ENABLE_MUTATION_OBSERVER: 'false',
}

export default defineConfig({
  test: {
    projects: [
      {
        // pure rules, request layer, stores, components (jsdom, Taro's H5 APIs)
        define: taroDefines,
        resolve: {
          alias: [
            { find: /^@tarojs\/components$/, replacement: '@tarojs/components/lib/react' },
            { find: /^@\/(.*)$/, replacement: r('./src/$1') },
          ],
        },
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/component/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          server: { deps: { inline: [/@tarojs\//, /@nutui\//] } },
          pool: 'threads',
        },
      },
      {
        test: {
          name: 'server',
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'weapp',
          sequence: { groupOrder: 2 },
          environment: 'node',
          include: ['tests/weapp/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 3 },
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          maxWorkers: 1,
        },
      },
    ],
  },
})
