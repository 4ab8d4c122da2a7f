// `npm run cluster`: N server processes on PostgreSQL + Redis behind Debian's nginx on one port, serving the H5
// build (README "Operating the server", docs/DECISIONS.md "Several processes").
//
// Env: DATABASE_URL and REDIS_URL (required), CLUSTER_PROCESSES (2), PORT (8080: nginx), HOST (127.0.0.1: nginx),
// CLUSTER_BASE_PORT (PORT + 1: the processes listen on 127.0.0.1:BASE .. BASE+N-1), DATA_DIR (.data: the shared
// secret, the generated nginx.conf under DATA_DIR/cluster), and every variable of `npm start` (server/src/main.ts).
// `--no-build` skips the npm install check and the H5/console builds (serves what is built; API only without).
// The first process migrates and seeds and runs the local live video's nginx-rtmp (the others: LIVE_VIDEO=follow);
// the others start once it answers. A process that exits is started again.
// Ctrl-C / SIGTERM stops nginx and the processes.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { ensureBuild, ensureConsole, ensureDeps, ensureLiveTools, root, run } from './lib.mjs'

const env = process.env
const fail = (msg) => {
  console.error(`[cluster] ${msg}`)
  process.exit(1)
}
if (!env.DATABASE_URL) fail('DATABASE_URL is required: the processes share one PostgreSQL database')
if (!env.REDIS_URL) fail('REDIS_URL is required: rate limits, caches, sweeps and the live chat are shared through it')
const count = Number.parseInt(env.CLUSTER_PROCESSES || '2', 10)
if (!(count >= 1 && count <= 64)) fail('CLUSTER_PROCESSES must be 1 .. 64')
const port = Number.parseInt(env.PORT || '8080', 10)
const host = env.HOST || '127.0.0.1'
const basePort = Number.parseInt(env.CLUSTER_BASE_PORT || String(port + 1), 10)
if (!/^[0-9A-Za-z.:_-]+$/.test(host)) fail(`bad HOST: ${host}`)
const dataDir = resolve(root, env.DATA_DIR || '.data')
const confDir = join(dataDir, 'cluster')
const build = !process.argv.includes('--no-build')

function nginxPath() {
  for (const d of [...(env.PATH ?? '').split(':'), '/usr/sbin', '/sbin']) {
    if (d && existsSync(join(d, 'nginx'))) return join(d, 'nginx')
  }
  return undefined
}

/** Debian's nginx, installed through apt when missing (like scripts/lib.mjs ensureLiveTools). */
function ensureNginx() {
  if (nginxPath()) return nginxPath()
  console.log('[deps] installing nginx through apt (the cluster front) ...')
  const sudo = process.getuid && process.getuid() === 0 ? [] : ['sudo', '-n']
  const apt = (args) => run(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args])
  if (apt(['update', '-qq']) !== 0 || apt(['install', '-y', '-qq', '--no-install-recommends', 'nginx']) !== 0)
    fail('could not install nginx: install it with `sudo apt-get install nginx`')
  return nginxPath() ?? fail('nginx is still missing after apt')
}

/** A quoted nginx string; refuses what a quoted string cannot carry. */
function q(p) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/["\\$\u0000-\u001f]/.test(p)) fail(`this path cannot be used in nginx.conf: ${p}`)
  return `"${p}"`
}

/** The front: round robin over the processes (least connections), WebSocket upgrade for socket.io. */
export function clusterNginxConf({ dir, tmp, user, listen, backends }) {
  const proxied = `proxy_http_version 1.1;
      proxy_set_header Host $host;
      # the client's address, as the processes see it (TRUST_PROXY=1); never the client's own header
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;`
  return `# Written by scripts/cluster.mjs on every start: edits are lost.
${user ? `user ${user};\n` : ''}worker_processes auto;
pid ${q(join(dir, 'nginx.pid'))};
error_log ${q(join(dir, 'error.log'))} warn;
daemon off;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${q(join(tmp, 'body'))};
  proxy_temp_path ${q(join(tmp, 'proxy'))};
  fastcgi_temp_path ${q(join(tmp, 'fastcgi'))};
  uwsgi_temp_path ${q(join(tmp, 'uwsgi'))};
  scgi_temp_path ${q(join(tmp, 'scgi'))};
  # the processes check upload sizes themselves
  client_max_body_size 64m;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream app {
    least_conn;
${backends.map((b) => `    server ${b} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen ${listen};
    # live chat: socket.io over WebSocket only (no long polling, so no sticky sessions are needed)
    location /socket.io/ {
      proxy_pass http://app;
      ${proxied}
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
    }
    location / {
      proxy_pass http://app;
      ${proxied}
      proxy_set_header Connection "";
      # a process that is down or restarting: the request goes to the next one (non-idempotent ones are not retried)
      proxy_next_upstream error timeout;
    }
  }
}
`
}

const answers = (p, at = '127.0.0.1') =>
  new Promise((done) => {
    const s = net.connect({ port: p, host: at }, () => {
      s.destroy()
      done(true)
    })
    s.on('error', () => done(false))
  })

async function waitFor(p, child, seconds) {
  for (let i = 0; i < seconds * 5; i++) {
    if (child.exitCode !== null) return false
    if (await answers(p)) return true
    await new Promise((r) => setTimeout(r, 200))
  }
  return false
}

/** the worker user when nginx starts as root: www-data (Debian's), else nobody; not root: nginx runs as us */
function workerUser() {
  if (process.getuid?.() !== 0) return undefined
  for (const name of ['www-data', 'nobody']) {
    const r = spawnSync('id', ['-u', name], { encoding: 'utf8' })
    if (r.status === 0)
      return {
        name,
        uid: Number(r.stdout.trim()),
        gid: Number(spawnSync('id', ['-g', name], { encoding: 'utf8' }).stdout.trim()),
      }
  }
  return undefined
}

async function main() {
  const nginx = ensureNginx()
  if (build) {
    // live video: nginx's RTMP module and ffmpeg through apt when missing (not fatal, like npm start)
    const live = ensureLiveTools()
    await ensureDeps({ dev: false })
    const [h5, consoleBuild] = await Promise.all([ensureBuild('h5'), ensureConsole()])
    if (h5 !== 0) fail('the H5 build failed')
    if (consoleBuild !== 0) fail('the console build failed')
    await live
  }
  mkdirSync(confDir, { recursive: true })
  // nginx's temp files in the system temp dir (every user can reach it; the worker user owns them)
  const tmp = join(tmpdir(), `learn-exam-cluster-${port}`)
  rmSync(tmp, { recursive: true, force: true })
  const user = workerUser()
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(tmp, d), { recursive: true })
    if (user) spawnSync('chown', ['-R', `${user.uid}:${user.gid}`, tmp])
  }

  const ports = Array.from({ length: count }, (_, i) => basePort + i)
  const children = new Map()
  /** processes that said whether their live video started */
  const saidLive = new Set()
  let stopping = false
  const tsx = join(root, 'node_modules', '.bin', 'tsx')
  const start = (i) => {
    const p = ports[i]
    const child = spawn(tsx, [join(root, 'server', 'src', 'main.ts')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...env,
        PORT: String(p),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // the client's address comes from nginx's X-Forwarded-For (rate limits, SMS per-IP budget)
        TRUST_PROXY: '1',
        // local live video: the first process runs nginx-rtmp, the others serve HLS and playback from the same
        // LIVE_DIR (LIVE_VIDEO=follow); polyv and LIVE_VIDEO=off are the same on every process
        ...(i > 0 && env.LIVE_PROVIDER !== 'polyv' && env.LIVE_VIDEO !== 'off' ? { LIVE_VIDEO: 'follow' } : {}),
      },
    })
    const tag = `[p${i + 1}:${p}] `
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = ''
      from.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n')
        rest = lines.pop() ?? ''
        for (const line of lines) {
          if (line.includes('live video')) saidLive.add(i)
          to.write(`${tag}${line}\n`)
        }
      })
    }
    child.on('exit', (code, signal) => {
      if (stopping) return
      console.error(`[cluster] process ${i + 1} (port ${p}) exited (${signal ?? code}); starting it again in 1 s`)
      setTimeout(() => {
        if (!stopping) children.set(i, start(i))
      }, 1000).unref()
    })
    children.set(i, child)
    return child
  }

  let front
  const stop = async (signal) => {
    if (stopping) return
    stopping = true
    console.log(`[cluster] ${signal}: stopping nginx and ${children.size} processes`)
    front?.kill('SIGQUIT')
    const exits = [...children.values()].map(
      (c) => new Promise((done) => (c.exitCode !== null ? done() : c.once('exit', done))),
    )
    for (const c of children.values()) c.kill('SIGTERM')
    await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 15_000))])
    for (const c of children.values()) if (c.exitCode === null) c.kill('SIGKILL')
    rmSync(tmp, { recursive: true, force: true })
    process.exit(0)
  }
  process.once('SIGINT', () => void stop('SIGINT'))
  process.once('SIGTERM', () => void stop('SIGTERM'))

  // the first one migrates, seeds and writes the shared secret (DATA_DIR/secret) before the others read it
  const first = start(0)
  if (!(await waitFor(ports[0], first, 180))) fail(`process 1 did not listen on 127.0.0.1:${ports[0]}`)
  // the followers see its nginx-rtmp (the pid file in LIVE_DIR) from their start on
  const liveDir = resolve(root, env.LIVE_DIR || join(dataDir, 'live'))
  const localVideo = env.LIVE_PROVIDER !== 'polyv' && env.LIVE_VIDEO !== 'off'
  for (let i = 0; localVideo && i < 100 && !saidLive.has(0) && !existsSync(join(liveDir, 'nginx.pid')); i++)
    await new Promise((r) => setTimeout(r, 100))
  const rest = ports.slice(1).map((_, j) => start(j + 1))
  const ok = await Promise.all(rest.map((c, j) => waitFor(ports[j + 1], c, 120)))
  if (ok.includes(false)) fail('a process did not start (see its log above)')

  const conf = join(confDir, 'nginx.conf')
  const listen = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`
  writeFileSync(
    conf,
    clusterNginxConf({ dir: confDir, tmp, user: user?.name, listen, backends: ports.map((p) => `127.0.0.1:${p}`) }),
  )
  front = spawn(nginx, ['-c', conf, '-p', confDir, '-e', join(confDir, 'error.log')], { stdio: 'inherit' })
  front.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[cluster] nginx exited (${signal ?? code}): see ${join(confDir, 'error.log')}`)
      void stop('nginx exit')
    }
  })
  const front0 = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host
  for (let i = 0; i < 50 && !(await answers(port, front0)); i++) await new Promise((r) => setTimeout(r, 100))
  console.log(
    `[cluster] ready: http://${host.includes(':') ? `[${host}]` : host}:${port} -> ${count} processes on 127.0.0.1:${ports.join(', ')}`,
  )
}

main().catch((e) => fail(e instanceof Error ? e.message : String(e)))
