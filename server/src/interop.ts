/**
 * The default export of a module outside server/ (the app's `src/`, `config/`). server/ is an ES module package and
 * the repository root is not, so under tsx (`npm start`) such a default import arrives as the CommonJS wrapper
 * `{ default: value }`; under vitest it is the value itself. This takes the value in both cases.
 */
export function defaultOf<T>(m: T): T {
  const wrapped = m as { default?: T } | null
  return wrapped && typeof wrapped === 'object' && 'default' in wrapped && wrapped.default !== undefined
    ? wrapped.default
    : m
}
