/**
 * H5: on the home route, the purchase centre and the question-bank tab the server paints the page's first screen as plain HTML
 * (`#app-shell`, server/src/http/h5-page.ts) before any script runs. The page calls this once its own content is on
 * screen (the home page at its banner's first picture, the purchase centre when its list is drawn, the bank tab when it has rendered) or when the learner
 * leaves it; the copy goes two frames later, when the page's own pixels have been painted under it. Elsewhere
 * (weapp) there is no copy.
 */
export function dropAppShell(): void {
  if (process.env.TARO_ENV !== 'h5' || typeof document === 'undefined') return
  const shell = document.getElementById('app-shell')
  if (!shell) return
  requestAnimationFrame(() => requestAnimationFrame(() => shell.remove()))
}
