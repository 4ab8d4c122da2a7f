// `npm start`: the product on one port — the server with its embedded database and the built H5 app.
import { join } from 'node:path'
import { ensureBuild, ensureDeps, root, run } from './lib.mjs'

ensureDeps()
if (ensureBuild('h5') !== 0) {
  console.error('[start] the H5 build failed')
  process.exit(1)
}
process.exit(run(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'server', 'src', 'main.ts')]))
