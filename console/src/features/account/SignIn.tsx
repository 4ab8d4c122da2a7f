import { type FormEvent, useCallback, useEffect, useState } from 'react'
import {
  ApiError,
  captchaImage,
  fetchMe,
  findTenantId,
  lastTypedHost,
  login,
  type Me,
  messageOf,
  pageHost,
  rememberTypedHost,
  saveSession,
  signOut,
} from '../../api'
import { type MessageKey, t } from '../../i18n'

/** A stable id of this browser for the login's device binding (like the app's device uuid). */
function deviceUuid(): string {
  const key = 'console.device'
  try {
    const have = localStorage.getItem(key)
    if (have) return have
    const made = `console-${crypto.getRandomValues(new Uint32Array(4)).join('-')}`
    localStorage.setItem(key, made)
    return made
  } catch {
    return `console-${Date.now()}`
  }
}

type Captcha = { img: string; uuid: string } | { error: string } | null

/**
 * Sign-in with the learner login API: the school (by host), account, password and the picture code. Only an
 * account with a staff role gets in; another account's fresh token is ended at once.
 */
export function SignIn(props: { reason?: string; onSignedIn: (me: Me) => void }) {
  const fixedHost = pageHost()
  const [host, setHost] = useState(fixedHost ?? lastTypedHost())
  const [tenant, setTenant] = useState<{ host: string; id: string } | null>(null)
  const [account, setAccount] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [captcha, setCaptcha] = useState<Captcha>(null)
  const [error, setError] = useState(props.reason ?? '')
  const [busy, setBusy] = useState(false)

  /** the tenant of the host (looked up once per host) and a fresh picture code of it */
  const prepare = useCallback(
    async (forHost: string): Promise<string | null> => {
      const h = forHost.trim().toLowerCase()
      if (!h) return null
      try {
        const id = tenant?.host === h ? tenant.id : await findTenantId(h)
        setTenant({ host: h, id })
        setCaptcha(null)
        setCaptcha(await captchaImage(id).catch((e) => ({ error: messageOf(e) })))
        return id
      } catch (e) {
        setTenant(null)
        setCaptcha(null)
        setError(messageOf(e))
        return null
      }
    },
    [tenant],
  )

  // once, for the page's host or the host typed last time
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on mount only
  useEffect(() => {
    if (host) void prepare(host)
  }, [])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const missing: [string, MessageKey][] = [
      [host, 'signin.host'],
      [account, 'signin.account'],
      [password, 'signin.password'],
      [code, 'signin.captcha'],
    ]
    const empty = missing.find(([v]) => !v.trim())
    if (empty) {
      setError(t('signin.required', { field: t(empty[1]) }))
      return
    }
    if (!tenant || !captcha || 'error' in captcha) {
      await prepare(host)
      return
    }
    setBusy(true)
    setError('')
    try {
      const { token } = await login(tenant.id, {
        account: account.trim(),
        password,
        code: code.trim(),
        uuid: captcha.uuid,
        deviceUuid: deviceUuid(),
      })
      try {
        const me = await fetchMe(tenant.id, token)
        if (!fixedHost) rememberTypedHost(tenant.host)
        saveSession({ token, tenantId: tenant.id, host: tenant.host })
        props.onSignedIn(me)
        return
      } catch (err) {
        // not a staff account (or refused otherwise): the token it was just given is ended
        if (err instanceof ApiError && err.code === 403) await signOut(tenant.id, token).catch(() => null)
        throw err
      }
    } catch (err) {
      setError(messageOf(err))
      setCode('')
      void prepare(host) // a picture code is good for one try
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className="signin">
      <form className="signin-card" onSubmit={submit} noValidate>
        <h1>{t('signin.title')}</h1>
        <p className="muted">{t('signin.intro')}</p>
        {error && (
          <p className="notice notice-error signin-error" role="alert">
            {error}
          </p>
        )}
        {!fixedHost && (
          <label className="field">
            <span>{t('signin.host')}</span>
            <input
              className="signin-host"
              value={host}
              autoComplete="url"
              onChange={(e) => setHost(e.target.value)}
              onBlur={() => host.trim() && host.trim().toLowerCase() !== tenant?.host && void prepare(host)}
            />
            <small className="muted">{t('signin.hostHint')}</small>
          </label>
        )}
        <label className="field">
          <span>{t('signin.account')}</span>
          <input
            className="signin-account"
            value={account}
            maxLength={64}
            autoComplete="username"
            onChange={(e) => setAccount(e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('signin.password')}</span>
          <input
            className="signin-password"
            type="password"
            value={password}
            maxLength={64}
            autoComplete="current-password"
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <div className="field">
          <label htmlFor="signin-captcha">{t('signin.captcha')}</label>
          <div className="captcha-row">
            <input
              id="signin-captcha"
              className="signin-captcha"
              value={code}
              maxLength={8}
              autoComplete="off"
              onChange={(e) => setCode(e.target.value)}
            />
            <button
              type="button"
              className="captcha"
              title={t('signin.captchaAlt')}
              onClick={() => void prepare(host)}
              disabled={!host.trim()}
            >
              {captcha && 'img' in captcha ? (
                <img src={captcha.img} alt={t('signin.captchaAlt')} />
              ) : (
                <span>{t('signin.captchaRefresh')}</span>
              )}
            </button>
          </div>
          {captcha && 'error' in captcha && (
            <small className="notice-error">{t('signin.captchaFailed', { reason: captcha.error })}</small>
          )}
        </div>
        <button type="submit" className="btn btn-primary btn-block signin-submit" disabled={busy}>
          {busy ? t('signin.submitting') : t('signin.submit')}
        </button>
      </form>
    </main>
  )
}
