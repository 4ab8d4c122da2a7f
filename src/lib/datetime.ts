/**
 * How dates, time ranges and durations read, everywhere in the app (DECISIONS "Languages": dates). One rule for
 * the year: a date shows it whenever it is not in the current year, and a range shows it on both ends whenever
 * it crosses a year (or is not in the current year); documents (orders, invoices, certificates, validity) always
 * show it (`year: 'always'`). Durations never round a short time away: 40 s reads "40秒", not "0:00".
 */
import dayjs from 'dayjs'
import { t } from '@/i18n'

export interface DateOptions {
  /** add HH:mm */
  time?: boolean
  /** 'always' for documents; default: only when not in the current year */
  year?: 'auto' | 'always'
}

const thisYear = (now: number) => dayjs(now).year()

/** 03-01 / 2025-03-01 (a date of another year), with ` 09:30` when `time`. Unix seconds in. */
export function formatDate(sec: number, opts: DateOptions = {}, now = Date.now()): string {
  const d = dayjs.unix(sec)
  const year = opts.year === 'always' || d.year() !== thisYear(now)
  return d.format(`${year ? 'YYYY-' : ''}MM-DD${opts.time ? ' HH:mm' : ''}`)
}

/**
 * A span: `03-01 09:00-11:00` within a day, `03-01 09:00 - 03-05 18:00` within the current year, else both ends
 * with their year (`2025-12-20 09:00 - 2026-01-10 18:00`). Without `time`: `03-01 - 03-05`.
 */
export function formatRange(start: number, end: number, opts: DateOptions = { time: true }, now = Date.now()): string {
  const a = dayjs.unix(start)
  const b = dayjs.unix(end)
  const year = opts.year === 'always' || a.year() !== b.year() || a.year() !== thisYear(now)
  const day = (d: dayjs.Dayjs) => d.format(`${year ? 'YYYY-' : ''}MM-DD`)
  if (!opts.time) return a.isSame(b, 'day') ? day(a) : `${day(a)} - ${day(b)}`
  if (a.isSame(b, 'day')) return `${day(a)} ${a.format('HH:mm')}-${b.format('HH:mm')}`
  return `${day(a)} ${a.format('HH:mm')} - ${day(b)} ${b.format('HH:mm')}`
}

/**
 * A length of time in words, to the second under an hour (never rounded away: 40 s is 40秒) and to the
 * minute above: 40秒 / 5分钟 / 5分40秒 / 2小时 / 1小时5分 (en: 40 s / 5 min / 5 min 40 s / 2 h / 1 h 5 min).
 */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const sec = s % 60
  if (h > 0) return m > 0 ? t('time.duration.hm', { h, m }) : t('time.duration.h', { h })
  if (m > 0) return sec > 0 ? t('time.duration.ms', { m, s: sec }) : t('time.duration.m', { m })
  return t('time.duration.s', { s: sec })
}

/** A position or length on a clock face: 0:40, 12:05, 1:02:03. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const ss = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`
}
