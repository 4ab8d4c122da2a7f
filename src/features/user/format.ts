export { maskPhone } from '../../../shared/rules/phone'

/** Display name: nickname, then real name, then the account. */
export function displayName(u: { nickName?: string; realName?: string; userAccount?: string } | null): string {
  if (!u) return ''
  return u.nickName || u.realName || u.userAccount || ''
}

/** The first character for the avatar placeholder. */
export function initial(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? ''
}
