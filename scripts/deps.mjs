// `node scripts/deps.mjs [--prod]`: the npm dependencies as package-lock.json says (`npm ci`), unless the stamp says
// they are already there (scripts/lib.mjs ensureDeps). `.ci/run` calls it before `npm test`, so a lock out of step
// with package.json fails CI at once instead of being resolved anew.
import { ensureDeps } from './lib.mjs'

await ensureDeps({ dev: !process.argv.includes('--prod') })
