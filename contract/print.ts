/** `npm run -s contract`: one `METHOD PATH` line per route of the contract. */
import { routes } from './routes'

for (const r of Object.values(routes)) console.log(`${r.method} ${r.path}`)
