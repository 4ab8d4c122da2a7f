// `npm start`: the product on one port — the server with its embedded database and the built H5 app.
import { join } from 'node:path'
import { ensureBuild, ensureDeps, ensureLiveTools, root, run } from './lib.mjs'

ensureDeps()
// live video: nginx + its RTMP module + ffmpeg through apt when missing (not fatal: the server says it is unavailable)
ensureLiveTools()
if (ensureBuild('h5') !== 0) {
  console.error('[start] the H5 build failed')
  process.exit(1)
}
// the staff console at /console/, rebuilt when missing or stale (scripts/build-console.mjs)
if (run(process.execPath, [join(root, 'scripts', 'build-console.mjs'), '--if-stale']) !== 0) {
  console.error('[start] the console build failed')
  process.exit(1)
}
process.exit(run(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'server', 'src', 'main.ts')]))
