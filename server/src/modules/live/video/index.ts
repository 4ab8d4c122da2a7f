/**
 * The live provider this server uses (config.live.provider): `local` (nginx-rtmp on this machine, default) or
 * `polyv` (the school's Polyv account). docs/DECISIONS.md "Live — video".
 */
import type { AppConfig } from '../../../config'
import { LocalLiveProvider } from './local'
import { PolyvLiveProvider } from './polyv'
import type { LiveProvider } from './provider'

export { LocalLiveProvider } from './local'
export { PolyvLiveProvider } from './polyv'

export function createLiveProvider(config: AppConfig): LiveProvider {
  return config.live.provider === 'polyv' ? new PolyvLiveProvider(config) : new LocalLiveProvider(config)
}

/** The provider's status once its start-up finished (local: nginx started or failed; polyv: account checked). */
export async function liveVideoReady(provider: LiveProvider): Promise<{ available: boolean; reason: string }> {
  const p = provider as LiveProvider & { ready?: () => Promise<{ available: boolean; reason: string }> }
  return p.ready ? p.ready() : provider.status()
}
