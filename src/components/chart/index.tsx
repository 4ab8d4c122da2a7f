/**
 * Small charts for the statistics pages (drawing: ./svg.ts): the daily right-rate line over the answer-count
 * bars, a ring for one share, and horizontal rate bars (plain views). Labels are text around the pictures.
 */
import { Image, Text, View } from '@tarojs/components'
import { useMemo } from 'react'
import { rateTone, ringSvg, svgUri, trendSvg } from './svg'
import './index.scss'

const W = 590
const H = 260

export interface TrendDayPoint {
  /** YYYY-MM-DD */
  date: string
  answerNum: number
  rightRate: number
}

const md = (date: string) => date.slice(5)

/** The right rate per day as a line (days without answers break it) over the answers per day as bars. */
export function TrendChart({
  days,
  color,
  barColor,
  rateLabel,
  countLabel,
}: {
  days: TrendDayPoint[]
  color: string
  barColor: string
  rateLabel: string
  countLabel: string
}) {
  const src = useMemo(
    () =>
      svgUri(
        trendSvg({
          rates: days.map((d) => (d.answerNum > 0 ? d.rightRate : null)),
          counts: days.map((d) => d.answerNum),
          width: W,
          height: H,
          line: color,
          bar: barColor,
        }),
      ),
    [days, color, barColor],
  )
  const mid = days[Math.floor((days.length - 1) / 2)]
  return (
    <View className="chart chart-trend">
      <View className="chart-legend">
        <View className="chart-key">
          <View className="chart-key-line" style={{ backgroundColor: color }} />
          <Text>{rateLabel}</Text>
        </View>
        <View className="chart-key">
          <View className="chart-key-bar" style={{ backgroundColor: barColor }} />
          <Text>{countLabel}</Text>
        </View>
      </View>
      <View className="chart-body">
        <View className="chart-y">
          <Text>100%</Text>
          <Text>50%</Text>
          <Text>0%</Text>
        </View>
        <Image className="chart-img chart-trend-img" src={src} mode="scaleToFill" />
      </View>
      <View className="chart-x">
        <Text>{days[0] ? md(days[0].date) : ''}</Text>
        <Text>{mid && days.length > 2 ? md(mid.date) : ''}</Text>
        <Text>{days.length > 1 ? md(days[days.length - 1]!.date) : ''}</Text>
      </View>
    </View>
  )
}

/** A ring with the value (0-100) and a caption in its middle. */
export function Ring({
  value,
  text,
  caption,
  color,
  valueClassName = '',
}: {
  value: number
  text: string
  caption: string
  color: string
  valueClassName?: string
}) {
  const src = useMemo(() => svgUri(ringSvg(value, color)), [value, color])
  return (
    <View className="chart-ring">
      <Image className="chart-ring-img" src={src} mode="aspectFit" />
      <View className="chart-ring-text">
        <Text className={`chart-ring-value ${valueClassName}`.trim()}>{text}</Text>
        <Text className="chart-ring-caption">{caption}</Text>
      </View>
    </View>
  )
}

export interface RateRow {
  key: string | number
  label: string
  /** 0-100 */
  rate: number
  /** the rate as shown */
  rateText: string
  /** small text under the label (done / total) */
  meta: string
  className?: string
  /** nothing answered yet: a grey dash instead of a red 0 */
  empty?: boolean
}

/** One horizontal bar per row, coloured by how good the rate is (from 80 % green, from 60 % amber, else red). */
export function RateBars({ rows }: { rows: RateRow[] }) {
  return (
    <View className="chart chart-bars">
      {rows.map((r) => {
        const w = r.empty ? 0 : Math.max(0, Math.min(100, r.rate))
        const tone = r.empty ? 'none' : rateTone(r.rate)
        return (
          <View key={r.key} className={`chart-bar-row ${r.className ?? ''}`.trim()}>
            <View className="chart-bar-head">
              <Text className="chart-bar-label">{r.label}</Text>
              <Text className={`chart-bar-value is-${tone}`}>{r.rateText}</Text>
            </View>
            <View className="chart-bar-track">
              <View className={`chart-bar-fill is-${tone}`} style={{ width: `${w}%` }} />
            </View>
            <Text className="chart-bar-meta">{r.meta}</Text>
          </View>
        )
      })}
    </View>
  )
}

/** A score as a bar of the total, with a mark at the pass line (green when passed, else red). */
export function ScoreBar({
  score,
  total,
  pass,
  passed,
}: {
  score: number
  total: number
  pass: number
  passed: boolean
}) {
  const share = (n: number) => `${total > 0 ? Math.max(0, Math.min(100, (n / total) * 100)) : 0}%`
  return (
    <View className="chart-score">
      <View
        className={`chart-score-fill chart-bar-fill ${passed ? 'is-good' : 'is-poor'}`}
        style={{ width: share(score) }}
      />
      <View className="chart-score-pass" style={{ left: share(pass) }} />
    </View>
  )
}
