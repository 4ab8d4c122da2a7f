/** Code 699 on H5: leave the app for the (already checked http/https) URL. */
export function openExternal(url: string): void {
  window.location.href = url
}
