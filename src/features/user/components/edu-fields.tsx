/** The education fields (level, school, major, graduation month) shared by edu_info and verify/info_fill. */
import { Picker, View } from '@tarojs/components'
import dayjs from 'dayjs'
import { useMemo } from 'react'
import { Field, TextInput } from '@/components/form'
import type { FormErrors } from '@/components/form/errors'
import { t } from '@/i18n/sub'
import { useApp } from '@/store/app'
import { type Option, SCHOOL_MAX } from '../profile-fields'

export interface EduValues {
  eduLevel: string
  school: string
  major: string
  graduationDate: string
}
type Setters = { [K in keyof EduValues]: (v: string) => void }

/** `prefix` names the fields' classes (`<prefix>-level`, `-school`, `-major`, `-graduation`). */
export function EduFields({
  values,
  set,
  errors,
  prefix,
}: {
  values: EduValues
  set: Setters
  errors: FormErrors<'school' | 'major'>
  prefix: string
}) {
  const dictObj = useApp((s) => s.dictObj)
  const { eduLevel, school, major, graduationDate } = values
  const levels: Option[] = useMemo(() => {
    const rows = (dictObj.edu_level ?? []).map((r) => ({ label: r.dictLabel, value: r.dictValue }))
    // a stored value the dictionary no longer lists still shows as itself
    if (eduLevel && !rows.some((r) => r.value === eduLevel)) rows.push({ label: eduLevel, value: eduLevel })
    return rows
  }, [dictObj, eduLevel])
  const levelIndex = levels.findIndex((o) => o.value === eduLevel)
  return (
    <>
      <Field label={t('edu.level')}>
        <Picker
          mode="selector"
          range={levels.map((o) => o.label)}
          value={Math.max(levelIndex, 0)}
          disabled={levels.length === 0 || undefined}
          onChange={(e) => set.eduLevel(levels[Number(e.detail.value)]?.value ?? eduLevel)}
        >
          <View className={`form-picker-value ${prefix}-level${levelIndex < 0 ? ' is-empty' : ''}`}>
            {levelIndex < 0 ? t('edu.select') : levels[levelIndex]!.label}
          </View>
        </Picker>
      </Field>
      <Field label={t('edu.school')} error={errors.school}>
        <TextInput
          className={`${prefix}-school`}
          value={school}
          onChange={set.school}
          maxlength={SCHOOL_MAX}
          placeholder={t('edu.school.placeholder')}
        />
      </Field>
      <Field label={t('edu.major')} error={errors.major}>
        <TextInput
          className={`${prefix}-major`}
          value={major}
          onChange={set.major}
          maxlength={SCHOOL_MAX}
          placeholder={t('edu.major.placeholder')}
        />
      </Field>
      <Field label={t('edu.graduation')}>
        <Picker
          mode="date"
          fields="month"
          value={graduationDate || dayjs().format('YYYY-MM')}
          start="1950-01"
          end={dayjs().add(10, 'year').format('YYYY-MM')}
          onChange={(e) => set.graduationDate(String(e.detail.value).slice(0, 7))}
        >
          <View className={`form-picker-value ${prefix}-graduation${graduationDate ? '' : ' is-empty'}`}>
            {graduationDate || t('edu.select')}
          </View>
        </Picker>
      </Field>
    </>
  )
}
