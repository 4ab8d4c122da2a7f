/**
 * H5: on the home route the server paints the home page's top as plain HTML (`#app-shell`, server/src/http/h5-page.ts)
 * before any script runs. The home page calls this once its own banner is painted (or it has none, or it failed, or
 * the learner left it), and the copy goes. Elsewhere (weapp) there is no shell.
 */
export function dropAppShell(): void {
  if (process.env.TARO_ENV !== 'h5' || typeof document === 'undefined') return
  document.getElementById('app-shell')?.remove()
}
