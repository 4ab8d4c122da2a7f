/**
 * The plan form of the create and edit pages (form kit: src/components/form): name, the goods, what to study in it
 * (its courses and banks, each with a daily goal), dates with quick spans, study weekdays and the reminder switch.
 * Checked on submit with the server's rules (./form-state.ts); a refusal of the server is shown by the request layer.
 */
import { Button, Picker, Text, View } from '@tarojs/components'
import { type ReactNode, useState } from 'react'
import { Field, TextInput } from '@/components/form'
import {
  addDays,
  chinaToday,
  PLAN_LIMITS,
  PLAN_TARGET,
  PLAN_UNITS_OF,
  type PlanGoods,
  type PlanInput,
  type PlanKind,
  type PlanUnit,
} from '@/features/plan/api'
import {
  ALL_WEEKDAYS,
  type FormErrors,
  type FormState,
  hasErrors,
  type ItemState,
  itemKey,
  newItem,
  STEP,
  stepTarget,
  toBody,
  validate,
} from './form-state'
import { type PlanMessage, px } from './messages'
import { weekdayName } from './parts'
import '@/components/form/index.scss'

const UNIT_LABEL: Record<PlanUnit, PlanMessage> = {
  minutes: 'unitMinutes',
  sections: 'unitSections',
  questions: 'unitQuestions',
}

function ErrorText({ error, item }: { error?: PlanMessage; item?: ItemState }) {
  if (!error) return null
  const r = item ? PLAN_TARGET[item.unit] : undefined
  return <Text className="form-error pl-error">{px(error, r ? { min: r.min, max: r.max } : undefined)}</Text>
}

function Block({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <View className="pl-block">
      <Text className="pl-block-title">{title}</Text>
      {hint && <Text className="pl-muted pl-block-hint">{hint}</Text>}
      {children}
    </View>
  )
}

export interface PlanFormProps {
  goods: PlanGoods[]
  initial: FormState
  /** edit: the start date the plan already has (it may stay in the past) */
  keptStart?: string
  submitting: boolean
  onSubmit: (body: PlanInput) => void
  /** extra actions under the save button (delete) */
  footer?: ReactNode
}

export default function PlanForm({ goods, initial, keptStart, submitting, onSubmit, footer }: PlanFormProps) {
  const [f, setF] = useState<FormState>(initial)
  const [errors, setErrors] = useState<FormErrors>({})
  const [tried, setTried] = useState(false)
  const today = chinaToday()

  /** change the form; once a submit was tried the messages follow the changes */
  const update = (next: FormState) => {
    setF(next)
    if (tried) setErrors(validate(next, today, keptStart))
  }
  const chosen = goods.find((g) => g.goodsId === f.goodsId)

  const pickGoods = (goodsId: number) => {
    if (goodsId === f.goodsId) return
    update({ ...f, goodsId, items: [] })
  }
  const toggle = (kind: PlanKind, refId: number) => {
    const has = f.items.some((i) => i.kind === kind && i.refId === refId)
    update({
      ...f,
      items: has ? f.items.filter((i) => !(i.kind === kind && i.refId === refId)) : [...f.items, newItem(kind, refId)],
    })
  }
  const setItem = (key: string, change: (i: ItemState) => ItemState) =>
    update({ ...f, items: f.items.map((i) => (itemKey(i) === key ? change(i) : i)) })
  const toggleDay = (d: number) =>
    update({ ...f, weekdays: f.weekdays.includes(d) ? f.weekdays.filter((x) => x !== d) : [...f.weekdays, d] })
  const submit = () => {
    const e = validate(f, today, keptStart)
    setTried(true)
    setErrors(e)
    if (!hasErrors(e)) onSubmit(toBody(f))
  }

  const options: { kind: PlanKind; refId: number; name: string; meta: string }[] = chosen
    ? [
        ...chosen.courses.map((c) => ({
          kind: 'course' as const,
          refId: c.courseId,
          name: c.courseName,
          meta: `${px('kind.course')} · ${px('sectionNum', { n: c.sectionNum })} · ${Math.round(c.totalSeconds / 60)} ${px('unitMinutes')}`,
        })),
        ...chosen.banks.map((b) => ({
          kind: 'bank' as const,
          refId: b.bankId,
          name: b.bankName,
          meta: `${px('kind.bank')} · ${px('questionNum', { n: b.questionNum })}`,
        })),
      ]
    : []
  const minStart = keptStart && keptStart < today ? keptStart : today

  return (
    <View className="pl-form">
      <View className="pl-section">
        <Field label={px('name')}>
          <TextInput
            className="pl-name"
            value={f.name}
            onChange={(name) => typeof name === 'string' && update({ ...f, name })}
            maxlength={PLAN_LIMITS.nameMax}
            placeholder={px('namePlaceholder')}
          />
        </Field>
        <ErrorText error={errors.name} />
      </View>

      <View className="pl-section">
        <Block title={px('goods')}>
          <View className="pl-goods-list">
            {goods.map((g) => (
              <View
                key={g.goodsId}
                className={`pl-goods pl-goods-${g.goodsId}${g.goodsId === f.goodsId ? ' is-active' : ''}`}
                onClick={() => pickGoods(g.goodsId)}
              >
                <Text>{g.goodsName}</Text>
              </View>
            ))}
          </View>
          <ErrorText error={errors.goods} />
        </Block>

        <Block title={px('items')} hint={px('itemsHint')}>
          {options.map((o) => {
            const item = f.items.find((i) => i.kind === o.kind && i.refId === o.refId)
            const key = `${o.kind}:${o.refId}`
            return (
              <View key={key} className={`pl-opt pl-opt-${o.kind}-${o.refId}${item ? ' is-on' : ''}`}>
                <View className="pl-opt-row" onClick={() => toggle(o.kind, o.refId)}>
                  <View className={`form-check pl-check${item ? ' is-checked' : ''}`} />
                  <View className="pl-opt-main">
                    <Text className="pl-opt-name">{o.name}</Text>
                    <Text className="pl-muted">{o.meta}</Text>
                  </View>
                </View>
                {item && (
                  <View className="pl-goal">
                    <Text className="pl-muted">{px('perDay')}</Text>
                    {PLAN_UNITS_OF[item.kind].length > 1 && (
                      <View className="pl-units">
                        {PLAN_UNITS_OF[item.kind].map((u) => (
                          <Text
                            key={u}
                            className={`pl-unit pl-unit-${u}${item.unit === u ? ' is-active' : ''}`}
                            onClick={() =>
                              setItem(key, (i) =>
                                i.unit === u ? i : { ...i, unit: u, target: String(PLAN_TARGET[u].default) },
                              )
                            }
                          >
                            {px(UNIT_LABEL[u])}
                          </Text>
                        ))}
                      </View>
                    )}
                    <View className="pl-stepper">
                      <Text
                        className="pl-step pl-step-minus"
                        onClick={() => setItem(key, (i) => ({ ...i, target: stepTarget(i, -STEP[i.unit]) }))}
                      >
                        −
                      </Text>
                      <TextInput
                        className={`pl-target pl-target-${o.kind}-${o.refId}`}
                        type="number"
                        value={item.target}
                        maxlength={3}
                        onChange={(v) =>
                          typeof v === 'string' && setItem(key, (i) => ({ ...i, target: v.replace(/\D/g, '') }))
                        }
                      />
                      <Text
                        className="pl-step pl-step-plus"
                        onClick={() => setItem(key, (i) => ({ ...i, target: stepTarget(i, STEP[i.unit]) }))}
                      >
                        +
                      </Text>
                      <Text className="pl-muted">{px(UNIT_LABEL[item.unit])}</Text>
                    </View>
                    <ErrorText error={errors.targets?.[key]} item={item} />
                  </View>
                )}
              </View>
            )
          })}
          <ErrorText error={errors.items} />
        </Block>
      </View>

      <View className="pl-section">
        <Field label={px('startDate')}>
          <Picker
            mode="date"
            value={f.startDate}
            start={minStart}
            end={addDays(today, 365)}
            onChange={(e) => update({ ...f, startDate: String(e.detail.value) })}
          >
            <View className="form-picker-value pl-start">{f.startDate}</View>
          </Picker>
        </Field>
        <ErrorText error={errors.startDate} />
        <Field label={px('endDate')}>
          <Picker
            mode="date"
            value={f.endDate}
            start={f.startDate}
            end={addDays(f.startDate, PLAN_LIMITS.rangeMaxDays - 1)}
            onChange={(e) => update({ ...f, endDate: String(e.detail.value) })}
          >
            <View className="form-picker-value pl-end">{f.endDate}</View>
          </Picker>
        </Field>
        <View className="pl-presets">
          {(
            [
              ['preset2w', 13],
              ['preset1m', 29],
              ['preset3m', 89],
            ] as const
          ).map(([label, days]) => (
            <Text
              key={label}
              className={`pl-chip pl-preset pl-${label}`}
              onClick={() => update({ ...f, endDate: addDays(f.startDate, days) })}
            >
              {px(label)}
            </Text>
          ))}
        </View>
        <ErrorText error={errors.endDate} />

        <Block title={px('weekdays')}>
          <View className="pl-weekdays">
            {ALL_WEEKDAYS.map((d) => (
              <Text
                key={d}
                className={`pl-wd pl-wd-${d}${f.weekdays.includes(d) ? ' is-on' : ''}`}
                onClick={() => toggleDay(d)}
              >
                {weekdayName(d)}
              </Text>
            ))}
          </View>
          <View className="pl-presets">
            <Text className="pl-chip pl-wd-all" onClick={() => update({ ...f, weekdays: [...ALL_WEEKDAYS] })}>
              {px('everyDay')}
            </Text>
            <Text className="pl-chip pl-wd-work" onClick={() => update({ ...f, weekdays: [1, 2, 3, 4, 5] })}>
              {px('workdays')}
            </Text>
            <Text className="pl-chip pl-wd-weekend" onClick={() => update({ ...f, weekdays: [6, 7] })}>
              {px('weekend')}
            </Text>
          </View>
          <ErrorText error={errors.weekdays} />
        </Block>

        <View className="pl-remind" onClick={() => update({ ...f, remind: !f.remind })}>
          <View className="pl-opt-main">
            <Text className="pl-opt-name">{px('remind')}</Text>
            <Text className="pl-muted">{px('remindHint')}</Text>
          </View>
          <View className={`pl-switch${f.remind ? ' is-on' : ''}`}>
            <View className="pl-switch-knob" />
          </View>
        </View>
      </View>

      <View className="pl-actions">
        <Button className={`form-submit pl-save${submitting ? ' is-busy' : ''}`} onClick={submit}>
          {px('save')}
        </Button>
        {footer}
      </View>
    </View>
  )
}
