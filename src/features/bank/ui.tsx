/** Small views shared by the question-bank list pages (status boxes, bars, list footer). */
import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import Empty from '@/components/empty'
import PageLoading from '@/components/page-loading'
import { t } from '@/i18n'
import type { LoadStatus } from './lib'
import './bank-lists.scss'

/** Skeleton while loading, error with retry, the empty state, else the children. */
export function StatusBox({
  status,
  empty,
  emptyText,
  emptyHint,
  emptyAction,
  onEmptyAction,
  onRetry,
  rows = 4,
  children,
}: {
  status: LoadStatus
  empty: boolean
  emptyText: string
  emptyHint?: string
  emptyAction?: string
  onEmptyAction?: () => void
  onRetry: () => void
  rows?: number
  children: ReactNode
}) {
  if (status === 'loading') return <PageLoading rows={rows} />
  if (status === 'error')
    return <Empty text={t('shell.loadFailed')} actionText={t('common.retry')} onAction={onRetry} />
  if (empty) return <Empty text={emptyText} hint={emptyHint} actionText={emptyAction} onAction={onEmptyAction} />
  return <>{children}</>
}

/** A horizontal bar, value 0-100. */
export function Bar({ value, className = '' }: { value: number; className?: string }) {
  const w = Math.max(0, Math.min(100, value))
  return (
    <View className={`qb-bar ${className}`.trim()}>
      <View className="qb-bar-fill" style={{ width: `${w}%` }} />
    </View>
  )
}

/** The footer of a paged list (usePaged): loading / retry / no more / pull up for more. */
export function ListFooter({
  more,
  done,
  onRetry,
}: {
  more: 'idle' | 'loading' | 'error'
  done: boolean
  onRetry: () => void
}) {
  return (
    <View
      className="qb-list-footer"
      onClick={() => {
        if (more === 'error') onRetry()
      }}
    >
      <Text>
        {more === 'loading'
          ? t('common.loading')
          : more === 'error'
            ? t('bankList.loadMoreFailed')
            : done
              ? t('common.noMore')
              : t('shell.loadMore')}
      </Text>
    </View>
  )
}

export function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <View className="qb-section">
      <View className="qb-section-head">
        <Text className="qb-section-title">{title}</Text>
        {extra}
      </View>
      {children}
    </View>
  )
}
