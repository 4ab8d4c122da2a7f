/**
 * The nginx.conf the local provider writes into the live data dir: Debian nginx with libnginx-mod-rtmp, RTMP in on
 * one port, HLS fragments and FLV recordings into the dir, and three callbacks to our server (publish check,
 * stream end, recording done). Pure: tests read the text. docs/DECISIONS.md "Live — video".
 */
import path from 'node:path'

export const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so'
/** RTMP application name: push URLs are rtmp://host:port/live/<stream key> */
export const RTMP_APP = 'live'
export const HLS_FRAGMENT_S = 2
export const HLS_PLAYLIST_S = 12

export interface NginxConfOptions {
  /** the live data dir (absolute) */
  dir: string
  rtmpBind: string
  rtmpPort: number
  /** e.g. http://127.0.0.1:8080/api/live/hooks */
  hookBase: string
  hookKey: string
  /** worker user when nginx starts as root (the user that owns the writable dirs); absent = no `user` line */
  user?: string
  modulePath?: string
}

/** Where things live inside the data dir. */
export function livePaths(dir: string) {
  return {
    conf: path.join(dir, 'nginx.conf'),
    pid: path.join(dir, 'nginx.pid'),
    logs: path.join(dir, 'logs'),
    errorLog: path.join(dir, 'logs', 'error.log'),
    hls: path.join(dir, 'hls'),
    rec: path.join(dir, 'rec'),
    vod: path.join(dir, 'vod'),
  }
}

/** A path as a quoted nginx string; refuses what a quoted string cannot carry. */
function q(p: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/["\\$\u0000-\u001f]/.test(p)) throw new Error(`the live data dir path cannot be used by nginx: ${p}`)
  return `"${p}"`
}

const listenAddress = (bind: string, port: number) => (bind.includes(':') ? `[${bind}]:${port}` : `${bind}:${port}`)

export function nginxConf(o: NginxConfOptions): string {
  if (!Number.isInteger(o.rtmpPort) || o.rtmpPort < 1 || o.rtmpPort > 65535) throw new Error('bad RTMP port')
  if (!/^[0-9A-Za-z.:_-]+$/.test(o.rtmpBind)) throw new Error(`bad RTMP bind address: ${o.rtmpBind}`)
  if (!/^http:\/\/[0-9A-Za-z.:[\]_-]+\/[A-Za-z0-9/_.-]*$/.test(o.hookBase)) throw new Error('bad hook URL')
  if (!/^[0-9a-f]+$/.test(o.hookKey)) throw new Error('bad hook key')
  if (o.user !== undefined && !/^[a-z_][a-z0-9_-]*$/.test(o.user)) throw new Error('bad worker user')
  const p = livePaths(o.dir)
  const hook = (name: string) => `${o.hookBase}/${name}?k=${o.hookKey}`
  return `# Written by the server on every start (server/src/modules/live/video/local.ts): edits are lost.
load_module ${q(o.modulePath ?? RTMP_MODULE)};
${o.user ? `user ${o.user};\n` : ''}worker_processes 1;
pid ${q(p.pid)};
error_log ${q(p.errorLog)} warn;

events {
  worker_connections 1024;
}

rtmp {
  server {
    listen ${listenAddress(o.rtmpBind, o.rtmpPort)};
    chunk_size 4096;
    notify_method post;

    application ${RTMP_APP} {
      live on;
      # learners play HLS through the server's signed media routes, never RTMP
      deny play all;
      drop_idle_publisher 15s;

      hls on;
      hls_path ${q(p.hls)};
      hls_nested on;
      hls_fragment ${HLS_FRAGMENT_S}s;
      hls_playlist_length ${HLS_PLAYLIST_S}s;
      hls_cleanup on;

      record all;
      record_path ${q(p.rec)};
      record_unique on;

      on_publish ${hook('publish')};
      on_publish_done ${hook('publish_done')};
      on_record_done ${hook('record_done')};
    }
  }
}
`
}
