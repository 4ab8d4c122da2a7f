// Renders the seed's media once; the output is committed (server/media/README.md, docs/DECISIONS.md "Seed media"):
//   images  server/media/images/*.jpg  covers, banners, news thumbnails, teacher portraits, the article figure:
//           HTML/CSS/SVG posters (scripts/seed-media/templates.mjs) screenshot by Debian's Chromium
//   videos  server/media/video/lesson-*.mp4  slides (Chromium) + a Mandarin voice (espeak-ng, voice
//           cmn-latn-pinyin), muxed by ffmpeg to H.264 baseline + AAC, 3-5 minutes each
//           (scripts/seed-media/lessons.mjs)
//   handouts server/media/handout/<topic>-{notes,drill}.pdf  A5 handouts of several pages each, HTML printed to
//           PDF by Chromium (scripts/seed-media/handouts.mjs)
//   live    server/media/live/demo-1/  the free class's demo recording: two lesson videos joined and cut to 60 s,
//           made by ffmpeg into a VOD HLS playlist of 6 s segments (index.m3u8 + seg*.ts), what the local live
//           provider makes of a recording (docs/DECISIONS.md "Live — video")
//
//   npx tsx scripts/seed-media.mjs [images|videos|handouts|live] [--only <part of a file name>]
//
// Chromium, ffmpeg and espeak-ng come from apt when missing (as root); a part whose tool is unavailable is
// skipped with a message and the script exits non-zero.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromiumPath, ensureChromium, root } from './lib.mjs'

const IMAGE_DIR = path.join(root, 'server/media/images')
const VIDEO_DIR = path.join(root, 'server/media/video')
const HANDOUT_DIR = path.join(root, 'server/media/handout')
/** byte limits per image kind: JPEG quality steps down until the file fits */
const IMAGE_LIMIT = { cover: 34_000, banner: 34_000, news: 16_000, teacher: 12_000, figure: 45_000 }
/** a lesson's bytes: the media is committed, so static slides at a low frame rate and a small mono voice */
const VIDEO_LIMIT = 1_500_000
const MANIFEST = path.join(root, 'server/media/manifest.json')
/** a lesson's length: a few minutes (the voice speeds up until it fits MAX_SECONDS) */
const MIN_SECONDS = 180
const MAX_SECONDS = 300
/** espeak-ng's Mandarin that reads Chinese as Mandarin (its `cmn` voice spells dictionary pinyin out in English) */
const VOICE = 'cmn-latn-pinyin'
/** a handout's pages and bytes */
const HANDOUT_PAGES = [4, 8]
const HANDOUT_LIMIT = 600_000

const args = process.argv.slice(2)
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : ''
const parts = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--only')
const want = (part) => parts.length === 0 || parts.includes(part)

/** server/media/manifest.json: the hash of what each file was rendered from (the test compares it to the seed). */
function recordInput(part, file, hash) {
  const m = fs.existsSync(MANIFEST)
    ? JSON.parse(fs.readFileSync(MANIFEST, 'utf8'))
    : { images: {}, videos: {}, handouts: {} }
  m[part] = Object.fromEntries(Object.entries({ ...m[part], [file]: hash }).sort(([a], [b]) => a.localeCompare(b)))
  fs.writeFileSync(MANIFEST, `${JSON.stringify(m, null, 2)}\n`)
}

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0

/** A Debian package's command, installed through apt when missing (root only); false when unavailable. */
function ensureTool(cmd, pkg) {
  if (has(cmd)) return true
  if (process.getuid?.() !== 0) {
    console.error(`[media] ${cmd} is missing: install it with \`sudo apt-get install ${pkg}\``)
    return false
  }
  console.log(`[media] installing ${pkg} through apt ...`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], { stdio: 'inherit', env })
  if (!has(cmd)) console.error(`[media] ${cmd} is unavailable (apt-get install ${pkg} failed)`)
  return has(cmd)
}

function run(cmd, argv) {
  const r = spawnSync(cmd, argv, { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(' ')}\n${r.stderr}`)
  return r.stdout
}

async function withBrowser(fn) {
  if (!ensureChromium()) throw new Error(`Chromium is unavailable at ${chromiumPath}`)
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--font-render-hinting=none'],
  })
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 })
    return await fn(page)
  } finally {
    await browser.close()
  }
}

async function shoot(page, html, width, height, opts) {
  await page.setViewportSize({ width, height })
  await page.setContent(html, { waitUntil: 'load' })
  await page.evaluate(async () => {
    await document.fonts.ready
    window.fit?.()
  })
  return page.screenshot({ clip: { x: 0, y: 0, width, height }, ...opts })
}

async function renderImages(plan, jobs) {
  fs.mkdirSync(IMAGE_DIR, { recursive: true })
  await withBrowser(async (page) => {
    for (const job of jobs) {
      const html = plan.jobHtml(job)
      let buf
      for (const quality of [84, 78, 72, 66, 60, 54]) {
        buf = await shoot(page, html, job.width, job.height, { type: 'jpeg', quality })
        if (buf.length <= IMAGE_LIMIT[job.kind]) break
      }
      fs.writeFileSync(path.join(IMAGE_DIR, job.file), buf)
      recordInput('images', job.file, plan.inputHash(html))
      console.log(`[media] ${job.file} ${job.width}x${job.height} ${(buf.length / 1024).toFixed(1)} KB`)
    }
  })
}

/** Seconds of a PCM WAV file (espeak-ng writes 16-bit mono). */
function wavSeconds(file) {
  const b = fs.readFileSync(file)
  const byteRate = b.readUInt32LE(28)
  const data = b.indexOf('data')
  const size = data > 0 ? b.readUInt32LE(data + 4) : b.length - 44
  return size / byteRate
}

async function renderVideos(plan, lessons) {
  fs.mkdirSync(VIDEO_DIR, { recursive: true })
  await withBrowser(async (page) => {
    for (const lesson of lessons) {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-lesson-'))
      try {
        const frames = plan.lessonFrames(lesson)
        for (const [i, f] of frames.entries())
          fs.writeFileSync(path.join(tmp, `f${i}.png`), await shoot(page, f.html, 640, 360, { type: 'png' }))
        // the voice: faster until the lesson fits in MAX_SECONDS
        let durations = []
        for (let speed = 170; speed <= 260; speed += 15) {
          durations = frames.map((f, i) => {
            const wav = path.join(tmp, `v${i}.wav`)
            run('espeak-ng', ['-v', VOICE, '-s', String(speed), '-p', '45', '-w', wav, f.say])
            return wavSeconds(wav) + (i === 0 ? 1.2 : 0.8)
          })
          const total = durations.reduce((a, b) => a + b, 0) + 2
          if (total <= MAX_SECONDS - 1) break
        }
        const speech = durations.reduce((a, b) => a + b, 0)
        // a pause at the end (longer when the lesson is short) keeps the last slide on screen
        durations[durations.length - 1] += Math.max(2, MIN_SECONDS + 1 - speech)
        const list = frames.map((_, i) => `file 'f${i}.png'\nduration ${durations[i].toFixed(3)}`)
        fs.writeFileSync(path.join(tmp, 'frames.txt'), `${list.join('\n')}\nfile 'f${frames.length - 1}.png'\n`)
        for (const i of frames.keys()) {
          const pad = `volume=0.8,apad=whole_dur=${durations[i].toFixed(3)}`
          const voice = path.join(tmp, `v${i}.wav`)
          const wav = path.join(tmp, `p${i}.wav`)
          run('ffmpeg', [...['-v', 'error', '-y', '-i', voice, '-af', pad], ...['-ar', '22050', '-ac', '1', wav]])
        }
        fs.writeFileSync(path.join(tmp, 'voice.txt'), frames.map((_, i) => `file 'p${i}.wav'`).join('\n'))
        const out = path.join(VIDEO_DIR, lesson.file)
        run('ffmpeg', [
          ...['-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', path.join(tmp, 'frames.txt')],
          ...['-f', 'concat', '-safe', '0', '-i', path.join(tmp, 'voice.txt')],
          // 5 fps and a key frame at least every 30 s (and at slide changes): slides change a few times a minute; the
          // voice at 20 kbit/s (about 25 kbit/s from ffmpeg's AAC encoder at 16 kHz mono)
          ...['-vf', 'fps=5,format=yuv420p', '-c:v', 'libx264', '-profile:v', 'baseline', '-tune', 'stillimage'],
          ...['-crf', '28', '-maxrate', '200k', '-bufsize', '400k', '-g', '150'],
          ...['-c:a', 'aac', '-b:a', '20k', '-ac', '1', '-ar', '16000', '-shortest', '-movflags', '+faststart', out],
        ])
        recordInput('videos', lesson.file, plan.lessonHash(lesson))
        const seconds = Number(
          run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', out]).trim(),
        )
        const size = fs.statSync(out).size
        console.log(`[media] ${lesson.file} ${seconds.toFixed(1)} s ${(size / 1024).toFixed(0)} KB`)
        if (seconds < MIN_SECONDS || seconds > MAX_SECONDS)
          throw new Error(`${lesson.file}: ${seconds} s is out of range`)
        if (size > VIDEO_LIMIT) throw new Error(`${lesson.file}: ${size} bytes is over ${VIDEO_LIMIT}`)
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true })
      }
    }
  })
}

/** Pages of a PDF (Chromium writes one `/Type /Page` object per page, uncompressed). */
const pdfPages = (buf) => buf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0

async function renderHandouts(plan, jobs) {
  fs.mkdirSync(HANDOUT_DIR, { recursive: true })
  await withBrowser(async (page) => {
    for (const job of jobs) {
      await page.setContent(plan.handoutHtml(job), { waitUntil: 'load' })
      await page.evaluate(() => document.fonts.ready)
      const pdf = await page.pdf({
        preferCSSPageSize: true,
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate: plan.handoutFooter(job),
      })
      fs.writeFileSync(path.join(HANDOUT_DIR, job.file), pdf)
      recordInput('handouts', job.file, plan.handoutHash(job))
      const pages = pdfPages(pdf)
      console.log(`[media] ${job.file} ${pages} pages ${(pdf.length / 1024).toFixed(0)} KB`)
      if (pages < HANDOUT_PAGES[0] || pages > HANDOUT_PAGES[1])
        throw new Error(`${job.file}: ${pages} pages, not ${HANDOUT_PAGES.join('-')}`)
      if (pdf.length > HANDOUT_LIMIT) throw new Error(`${job.file}: ${pdf.length} bytes is over ${HANDOUT_LIMIT}`)
    }
  })
}

/** The demo recording: these lessons joined, cut to DEMO_VOD_SECONDS, as VOD HLS (the voice copied). */
const DEMO_VOD_DIR = path.join(root, 'server/media/live/demo-1')
const DEMO_VOD_SOURCES = ['lesson-safety-law.mp4', 'lesson-safety-management.mp4']
const DEMO_VOD_SECONDS = 60
const DEMO_VOD_LIMIT = 1_500_000

function renderDemoVod() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-vod-'))
  try {
    const list = DEMO_VOD_SOURCES.map((f) => `file '${path.join(VIDEO_DIR, f)}'`).join('\n')
    fs.writeFileSync(path.join(tmp, 'list.txt'), `${list}\n`)
    fs.rmSync(DEMO_VOD_DIR, { recursive: true, force: true })
    fs.mkdirSync(DEMO_VOD_DIR, { recursive: true })
    run('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', path.join(tmp, 'list.txt')],
      // the lessons' key frames are 30 s apart: the picture is encoded again with one every 6 s, as a live
      // encoder would send them, so the playlist has segments of a live recording's length; the voice is copied
      ...['-t', String(DEMO_VOD_SECONDS), '-c:v', 'libx264', '-profile:v', 'baseline', '-tune', 'stillimage'],
      ...['-crf', '28', '-force_key_frames', 'expr:gte(t,n_forced*6)', '-c:a', 'copy'],
      ...['-f', 'hls', '-hls_time', '6', '-hls_list_size', '0'],
      ...['-hls_playlist_type', 'vod', '-hls_segment_filename', path.join(DEMO_VOD_DIR, 'seg%03d.ts')],
      path.join(DEMO_VOD_DIR, 'index.m3u8'),
    ])
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true })
  }
  const playlist = fs.readFileSync(path.join(DEMO_VOD_DIR, 'index.m3u8'), 'utf8')
  const seconds = [...playlist.matchAll(/^#EXTINF:([0-9.]+)/gm)].reduce((a, m) => a + Number(m[1]), 0)
  const size = fs.readdirSync(DEMO_VOD_DIR).reduce((a, f) => a + fs.statSync(path.join(DEMO_VOD_DIR, f)).size, 0)
  console.log(`[media] live/demo-1 ${seconds.toFixed(1)} s ${(size / 1024).toFixed(0)} KB`)
  if (Math.abs(seconds - DEMO_VOD_SECONDS) > 2) throw new Error(`live/demo-1: ${seconds} s, not ${DEMO_VOD_SECONDS}`)
  if (size > DEMO_VOD_LIMIT) throw new Error(`live/demo-1: ${size} bytes is over ${DEMO_VOD_LIMIT}`)
}

async function main() {
  let plan
  try {
    plan = await import('./seed-media/plan.mjs')
  } catch (e) {
    if (process.env.SEED_MEDIA_TSX || !/Unknown file extension|ERR_UNKNOWN_FILE_EXTENSION/.test(String(e))) throw e
    // plain node: the plan reads the seed's TypeScript, so run again under tsx
    const r = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [process.argv[1], ...args], {
      stdio: 'inherit',
      env: { ...process.env, SEED_MEDIA_TSX: '1' },
    })
    process.exit(r.status ?? 1)
  }
  let failed = false
  if (want('images')) {
    const jobs = plan.imageJobs().filter((j) => j.file.includes(only))
    await renderImages(plan, jobs)
  }
  if (want('videos')) {
    const lessons = plan.lessonJobs().filter((l) => l.file.includes(only))
    if (lessons.length > 0 && !(ensureTool('ffmpeg', 'ffmpeg') && ensureTool('espeak-ng', 'espeak-ng'))) {
      console.error('[media] videos skipped: ffmpeg and espeak-ng are needed')
      failed = true
    } else await renderVideos(plan, lessons)
  }
  if (want('handouts')) {
    const jobs = plan.handoutJobs().filter((j) => j.file.includes(only))
    await renderHandouts(plan, jobs)
  }
  if (want('live') && 'demo-1'.includes(only)) {
    if (!ensureTool('ffmpeg', 'ffmpeg')) {
      console.error('[media] live demo recording skipped: ffmpeg is needed')
      failed = true
    } else renderDemoVod()
  }
  process.exit(failed ? 1 : 0)
}

main().catch((e) => {
  console.error(`[media] ${e.stack ?? e}`)
  process.exit(1)
})
