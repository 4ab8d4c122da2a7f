// Sets a school's WeChat app id and secret on the server (docs/DECISIONS.md "WeChat login and binding"):
//   WECHAT_APP_SECRET=… node scripts/tenant-wechat.mjs --tenant 1001 --kind mini|gzh --app-id wx…
//   node scripts/tenant-wechat.mjs --list [--tenant 1001]
// Runs server/src/services/wechat/cli.ts with the server's database (DATABASE_URL, else DATA_DIR/pglite).
import { join } from 'node:path'
import { root, run } from './lib.mjs'

process.exit(
  run(join(root, 'node_modules', '.bin', 'tsx'), [
    join(root, 'server/src/services/wechat/cli.ts'),
    ...process.argv.slice(2),
  ]),
)
