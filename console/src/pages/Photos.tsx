import { type PhotoRow, staff } from '../api'
import { type MessageKey, t } from '../i18n'
import { fmtTime, ListView, NoticeLine, PageHead, Thumb, useDecide, useList } from '../ui'

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
  const { state, reload } = useList(staff.photos)
  const { decide, busy, notice, dialog } = useDecide(reload)
  return (
    <section className="page page-photos">
      <PageHead title={t('photos.title')} />
      <NoticeLine notice={notice} />
      <ListView state={state} reload={reload} empty={t('photos.empty')} note={t('common.oldest100')}>
        {(rows) => (
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
                  <button
                    type="button"
                    className="btn btn-primary approve"
                    disabled={busy !== null}
                    onClick={() =>
                      decide(
                        r.photoId,
                        {
                          title: t('common.approve'),
                          message: t('photos.approveConfirm', { account: r.userAccount }),
                          confirmLabel: t('common.approve'),
                        },
                        () => staff.decidePhoto(r.photoId, true),
                        t('photos.approved'),
                      )
                    }
                  >
                    {busy === r.photoId ? t('common.working') : t('common.approve')}
                  </button>
                  <button
                    type="button"
                    className="btn reject"
                    disabled={busy !== null}
                    onClick={() =>
                      decide(
                        r.photoId,
                        {
                          title: t('common.reject'),
                          message: t('photos.rejectConfirm', { account: r.userAccount }),
                          confirmLabel: t('common.reject'),
                          danger: true,
                        },
                        () => staff.decidePhoto(r.photoId, false),
                        t('photos.rejected'),
                      )
                    }
                  >
                    {t('common.reject')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListView>
      {dialog}
    </section>
  )
}
