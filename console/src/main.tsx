/** The staff console's entry (scripts/build-console.mjs bundles it; never part of the learner app). */
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { getLocale, t } from './i18n'
import './style.css'

document.documentElement.lang = getLocale()
document.title = t('app.title')
createRoot(document.getElementById('root')!).render(<App />)
