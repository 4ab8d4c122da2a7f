/**
 * The console shell: sign-in until a staff account is signed in, then the pages its role may use. A session the
 * server stops accepting (expired, signed in elsewhere, role taken away) returns to sign-in with the reason.
 */
import { Component, lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react'
import { ApiError, fetchMe, loadSession, type Me, messageOf, onSessionEnded, saveSession, signOut } from './api'
import { SignIn } from './features/account/SignIn'
import { Answers } from './features/answer/Answers'
import { Certificates } from './features/exam/Certificates'
import { Overview } from './features/home/Overview'
import { Notices } from './features/inform/Notices'
import { Certifications } from './features/learn/Certifications'
import { Photos } from './features/learn/Photos'
import { Invoices } from './features/order/Invoices'
import { Refunds } from './features/order/Refunds'
import { Accounts } from './features/user/Accounts'
import { type MessageKey, setLocale, t, useLocale } from './i18n'
import { Link, navigate, type PageName, usePage } from './router'

type Phase =
  | { kind: 'boot' }
  | { kind: 'boot-error'; error: string }
  | { kind: 'signin'; reason?: string }
  | { kind: 'in'; me: Me }

/** The live console (a lazy chunk: socket.io-client and its pages load when first opened). */
const LivePage = lazy(() => import('./features/live/LivePage'))

/** A lazy page whose chunk did not load (network, or a new build replaced it): say so, offer a reload. */
class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  render() {
    if (!this.state.failed) return this.props.children
    return (
      <div className="state state-error" role="alert">
        <span>{t('common.loadFailed', { reason: t('common.network') })}</span>
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </button>
      </div>
    )
  }
}

/** The staff desk is the manager's; every staff role has the live console. */
const DESK: { page: PageName; label: MessageKey }[] = [
  { page: 'refunds', label: 'nav.refunds' },
  { page: 'invoices', label: 'nav.invoices' },
  { page: 'certifications', label: 'nav.certifications' },
  { page: 'photos', label: 'nav.photos' },
  { page: 'certificates', label: 'nav.certificates' },
  { page: 'accounts', label: 'nav.accounts' },
  { page: 'notices', label: 'nav.notices' },
]

const pagesOf = (me: Me): PageName[] => [
  'overview',
  'live',
  // learners' questions: every staff role answers them (docs/DECISIONS.md "Questions and answers")
  'answers',
  ...(me.staffRole === 'manager' ? DESK.map((d) => d.page) : []),
]

function LanguageSwitch() {
  const locale = useLocale()
  return (
    <button
      type="button"
      className="btn btn-plain lang-switch"
      onClick={() => setLocale(locale === 'en' ? 'zh-CN' : 'en')}
    >
      {t('shell.switchLanguage')}
    </button>
  )
}

function PageOf({ page, me }: { page: PageName; me: Me }) {
  switch (page) {
    case 'refunds':
      return <Refunds />
    case 'invoices':
      return <Invoices />
    case 'certifications':
      return <Certifications />
    case 'photos':
      return <Photos />
    case 'certificates':
      return <Certificates />
    case 'accounts':
      return <Accounts me={me} />
    case 'notices':
      return <Notices />
    case 'answers':
      return <Answers />
    case 'live':
      return (
        <ChunkBoundary>
          <Suspense
            fallback={
              <p className="state state-loading" role="status">
                {t('common.loading')}
              </p>
            }
          >
            <LivePage me={me} />
          </Suspense>
        </ChunkBoundary>
      )
    default:
      return <Overview me={me} />
  }
}

export function App() {
  useLocale() // re-render everything on a language switch
  const [phase, setPhase] = useState<Phase>(() => (loadSession() ? { kind: 'boot' } : { kind: 'signin' }))
  const page = usePage()

  const refused = useCallback((e: unknown) => {
    if (e instanceof ApiError && e.code === 403) {
      // the account lost its staff role: end the token too
      signOut().catch(() => null)
      saveSession(null)
      setPhase({ kind: 'signin', reason: e.message })
    } else if (!(e instanceof ApiError && (e.code === 401 || e.code === 409))) {
      setPhase((p) => (p.kind === 'in' ? p : { kind: 'boot-error', error: messageOf(e) }))
    }
  }, [])

  useEffect(() => {
    onSessionEnded((reason) => setPhase({ kind: 'signin', reason: t('signin.ended', { reason }) }))
  }, [])

  const signedIn = phase.kind === 'in' || phase.kind === 'boot'
  // who the session is, on start and on every page change (a role changed meanwhile shows at once)
  // biome-ignore lint/correctness/useExhaustiveDependencies: page is the trigger
  useEffect(() => {
    if (!signedIn || !loadSession()) return
    let live = true
    fetchMe().then(
      (me) => live && setPhase({ kind: 'in', me }),
      (e) => live && refused(e),
    )
    return () => {
      live = false
    }
  }, [page, signedIn, refused])

  // a page the role may not use (or an unknown path): the overview
  useEffect(() => {
    if (phase.kind === 'in' && (page === null || !pagesOf(phase.me).includes(page))) navigate('overview', true)
  }, [phase, page])

  if (phase.kind === 'boot') return <p className="state state-loading boot">{t('common.loading')}</p>
  if (phase.kind === 'boot-error')
    return (
      <div className="state state-error boot" role="alert">
        <span>{t('common.loadFailed', { reason: phase.error })}</span>
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </button>
      </div>
    )
  if (phase.kind === 'signin')
    return (
      <>
        <div className="signin-top">
          <LanguageSwitch />
        </div>
        <SignIn key={phase.reason ?? ''} reason={phase.reason} onSignedIn={(me) => setPhase({ kind: 'in', me })} />
      </>
    )

  const { me } = phase
  const current = page && pagesOf(me).includes(page) ? page : 'overview'
  const leave = async () => {
    await signOut().catch(() => null)
    saveSession(null)
    setPhase({ kind: 'signin', reason: t('signin.signedOut') })
  }
  return (
    <div className="shell">
      <header className="topbar">
        <div className="brand">
          <strong>{me.tenantName}</strong>
          <span className="muted">{t('app.title')}</span>
        </div>
        <div className="who">
          <span className="who-name">{me.nickName || me.userAccount}</span>
          <span className="badge">{t(`role.${me.staffRole}` as MessageKey)}</span>
          <LanguageSwitch />
          <button type="button" className="btn btn-plain sign-out" onClick={leave}>
            {t('shell.signOut')}
          </button>
        </div>
      </header>
      <nav className="nav">
        <Link to="overview" className="nav-item nav-overview" current={current === 'overview'}>
          {t('nav.overview')}
        </Link>
        <Link to="live" className="nav-item nav-live" current={current === 'live'}>
          {t('nav.live')}
        </Link>
        <Link to="answers" className="nav-item nav-answers" current={current === 'answers'}>
          {t('nav.answers')}
        </Link>
        {me.staffRole === 'manager' &&
          DESK.map((d) => (
            <Link key={d.page} to={d.page} className={`nav-item nav-${d.page}`} current={current === d.page}>
              {t(d.label)}
            </Link>
          ))}
      </nav>
      <main className="content">
        <PageOf key={current} page={current} me={me} />
      </main>
    </div>
  )
}
