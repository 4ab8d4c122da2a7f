/**
 * The questions tab (beside chat and intro): ask the lecturer (the 3 s rule and the length are checked here as a
 * courtesy, the server is the guard), my questions and the public ones with their answers (newest first, pages of
 * 20), an upvote for someone else's public question (once). Only lecturers see a question until they answer it in
 * public; an answer to mine puts a badge on the tab (the client counts it, the room clears it when the tab shows).
 */
import { Input, ScrollView, Text, View } from '@tarojs/components'
import ThumbsUp from 'lucide/dist/esm/icons/thumbs-up.mjs'
import { useEffect, useState } from 'react'
import Icon from '@/components/icon'
import { type InteractionState, ix, type LiveClient, type LiveRoomState, lx, unescapeChat } from '@/features/live'
import { formatDate } from '@/lib/datetime'
import type { LiveQuestion } from '../../../../contract/schemas/live-interactions'
import { INTERACTION } from '../../../../contract/schemas/live-interactions'
import { inputBlock, RoleBadge } from './chat'

const clock = (ms: number) => formatDate(Math.floor(ms / 1000), { time: true })

function QuestionRow({ q, meId, client }: { q: LiveQuestion; meId: number | null; client: LiveClient }) {
  const mine = meId !== null && q.user.userId === meId
  return (
    <View
      className={`lv-question lv-question-${q.questionId}${mine ? ' is-mine' : ''}${q.answer ? ' is-answered' : ''}`}
    >
      <View className="lv-question-head">
        <Text className="lv-nick">{mine ? lx('role.me') : unescapeChat(q.user.nick)}</Text>
        <Text className="lv-question-time">{clock(q.time)}</Text>
        {mine && (
          <Text className={`lv-question-tag ${q.public ? 'is-public' : 'is-private'}`}>
            {ix(q.public ? 'questions.public' : 'questions.private')}
          </Text>
        )}
      </View>
      <Text className="lv-question-content" userSelect>
        {unescapeChat(q.content)}
      </Text>
      {q.answer ? (
        <View className="lv-question-answer">
          <View className="lv-question-answerer">
            <Text>{ix('questions.answer', { name: unescapeChat(q.answeredBy?.nick ?? '') })}</Text>
            {q.answeredBy && <RoleBadge actor={q.answeredBy.actor} />}
          </View>
          <Text className="lv-question-answer-text" userSelect>
            {unescapeChat(q.answer)}
          </Text>
        </View>
      ) : (
        <Text className="lv-question-waiting">{ix('questions.waiting')}</Text>
      )}
      {q.public && (
        <View
          className={`lv-upvote${q.upvoted ? ' is-on' : ''}${mine ? ' is-mine' : ''}`}
          aria-label={ix('questions.upvote')}
          onClick={() => {
            if (!mine && !q.upvoted) void client.ix.upvote(q.questionId)
          }}
        >
          <Icon glyph={ThumbsUp} className="lv-upvote-icon" />
          <Text className="lv-upvote-count">{q.upvotes}</Text>
        </View>
      )}
    </View>
  )
}

export function QuestionsPanel({
  client,
  ixs,
  room,
}: {
  client: LiveClient
  ixs: InteractionState
  room: LiveRoomState
}) {
  const [text, setText] = useState('')
  const qs = ixs.questions
  const meId = room.me?.userId ?? null
  const online = room.status === 'online'

  // the list once connected (a reconnect reads page 1 again by itself)
  useEffect(() => {
    if (online && qs.status === 'idle') void client.ix.loadQuestions()
  }, [online, qs.status, client])

  const block = inputBlock({ ...room, chatClosed: false }, Date.now())
  const length = Array.from(text.trim()).length
  const send = async () => {
    const r = await client.ix.ask(text)
    if (r.ok) setText('')
  }

  return (
    <View className="lv-questions-panel">
      <ScrollView
        className="lv-questions-scroll"
        scrollY
        lowerThreshold={60}
        onScrollToLower={() => {
          if (qs.hasMore && qs.status === 'ready') void client.ix.loadQuestions(true)
        }}
      >
        <View className="lv-questions-welcome">
          <Text className="lv-questions-welcome-text">{ix('questions.welcome')}</Text>
          <Text className="lv-muted">{ix('questions.hint')}</Text>
        </View>
        {qs.list.map((q) => (
          <QuestionRow key={q.questionId} q={q} meId={meId} client={client} />
        ))}
        <View className="lv-questions-foot">
          {qs.status === 'loading' ? (
            <Text className="lv-muted">{ix('questions.loading')}</Text>
          ) : qs.status === 'error' ? (
            <Text className="lv-link lv-questions-retry" onClick={() => void client.ix.loadQuestions()}>
              {ix('questions.retry')}
            </Text>
          ) : qs.hasMore ? (
            <Text className="lv-link lv-questions-more" onClick={() => void client.ix.loadQuestions(true)}>
              {ix('questions.more')}
            </Text>
          ) : null}
        </View>
      </ScrollView>
      <View className="lv-input-area lv-ask-area">
        <View className="lv-input-bar">
          {block ? (
            <View className="lv-blocked">
              <Text className="lv-blocked-text">{block.text}</Text>
            </View>
          ) : (
            <>
              <Input
                className="lv-input lv-ask-input"
                value={text}
                maxlength={INTERACTION.QUESTION_MAX_TEXT}
                placeholder={ix('questions.placeholder')}
                confirmType="send"
                adjustPosition
                onInput={(e) => {
                  const v: unknown = e.detail?.value
                  if (typeof v === 'string') setText(v)
                }}
                onConfirm={() => void send()}
              />
              {length > INTERACTION.QUESTION_MAX_TEXT - 50 && (
                <Text className={`lv-ask-count${length > INTERACTION.QUESTION_MAX_TEXT ? ' is-over' : ''}`}>
                  {length}/{INTERACTION.QUESTION_MAX_TEXT}
                </Text>
              )}
              <View
                className={`lv-send lv-ask-send${text.trim() ? ' is-ready' : ''}${qs.asking ? ' is-busy' : ''}`}
                onClick={() => void send()}
              >
                <Text>{ix('questions.send')}</Text>
              </View>
            </>
          )}
        </View>
      </View>
    </View>
  )
}
