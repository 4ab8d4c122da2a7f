/** 13812345678 -> 138****5678; anything that is not 11 characters long is returned as is. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return ''
  const s = phone.trim()
  return s.length === 11 ? `${s.slice(0, 3)}****${s.slice(7)}` : s
}

/** Display name: nickname, then real name, then the account. */
export function displayName(u: { nickName?: string; realName?: string; userAccount?: string } | null): string {
  if (!u) return ''
  return u.nickName || u.realName || u.userAccount || ''
}

/** The first character for the avatar placeholder. */
export function initial(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? ''
}
