import { type PhotoRow, staff } from '../../api'
import { type MessageKey, t } from '../../i18n'
import { ApproveReject, DecisionQueue, fmtTime, Thumb } from '../../ui'

const SCENES: Record<string, MessageKey> = {
  start: 'photos.scene.start',
  random: 'photos.scene.random',
  record: 'photos.scene.record',
}

function where(r: PhotoRow): string {
  if (r.recordId !== null && r.scene === 'record') return t('photos.record', { id: r.recordId })
  return [r.goodsName ?? (r.goodsId ? `#${r.goodsId}` : ''), r.sectionName ?? (r.sectionId ? `#${r.sectionId}` : '')]
    .filter(Boolean)
    .join(' / ')
}

/** Study and exam photos waiting for a person, oldest first (100 at a time), beside the learner's certified face. */
export function Photos() {
  return (
    <DecisionQueue
      className="page-photos"
      title={t('photos.title')}
      empty={t('photos.empty')}
      note={t('common.oldest100')}
      load={staff.photos}
    >
      {(rows, d) => (
        <ul className="cards">
          {rows.map((r) => (
            <li key={r.photoId} className="card row">
              <div className="card-images">
                <Thumb src={r.imageUrl} label={t('photos.photo')} />
                {r.certFaceImage ? (
                  <Thumb src={r.certFaceImage} label={t('photos.certFace')} />
                ) : (
                  <span className="thumb thumb-none">{t('photos.noCertFace')}</span>
                )}
              </div>
              <dl className="facts">
                <dt>{t('common.account')}</dt>
                <dd>{r.userAccount}</dd>
                <dt>{t('photos.scene')}</dt>
                <dd>{SCENES[r.scene] ? t(SCENES[r.scene]!) : r.scene}</dd>
                <dt>{t('photos.where')}</dt>
                <dd>{where(r)}</dd>
                <dt>{t('photos.takenAt')}</dt>
                <dd>{fmtTime(r.createdAt)}</dd>
              </dl>
              <div className="actions">
                <ApproveReject
                  id={r.photoId}
                  d={d}
                  approve={{
                    ask: {
                      title: t('common.approve'),
                      message: t('photos.approveConfirm', { account: r.userAccount }),
                      confirmLabel: t('common.approve'),
                    },
                    run: () => staff.decidePhoto(r.photoId, true),
                    done: t('photos.approved'),
                  }}
                  reject={{
                    ask: {
                      title: t('common.reject'),
                      message: t('photos.rejectConfirm', { account: r.userAccount }),
                      confirmLabel: t('common.reject'),
                      danger: true,
                    },
                    run: () => staff.decidePhoto(r.photoId, false),
                    done: t('photos.rejected'),
                  }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </DecisionQueue>
  )
}
