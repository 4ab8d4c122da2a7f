/**
 * Every call the server's route loop registers (server/src/app.ts): the spec's learner calls (./routes.ts), the
 * live room's learner calls the spec does not list (./schemas/live-interactions.ts `liveRoutes`) and the school
 * staff's (./staff.ts). Plain data, like the tables it joins: the console derives its calls from it.
 */
import { routes } from './routes'
import { liveRoutes } from './schemas/live-interactions'
import { staffRoutes } from './staff'

export const apiRoutes = { ...routes, ...liveRoutes, ...staffRoutes }

export type ApiKey = keyof typeof apiRoutes
