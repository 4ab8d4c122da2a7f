/**
 * Walks the server's source for every refusal message it can send (test helper of refusals.test.ts): each
 * `new AppError(code, msg)`, `new UploadRefused(code, msg)` and `new EnvelopeResult(code, msg)`, with `msg`
 * evaluated statically — string and template literals (a template's expressions become the sample value `7`),
 * both branches of a conditional, a const of the same file, and a parameter of the enclosing function through
 * every call of that function (`rule('...')`, `notFound('bank')`, `passwordLogin(..., '...')`). What cannot be
 * evaluated (a property of a runtime value) is reported as dynamic with its place, so a test can name it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

export interface Refusal {
  /** file:line of the construction (or of the call that supplied the message) */
  at: string
  /** sample message: the literal text with `7` in place of each runtime value */
  sample: string
}

export interface Walk {
  refusals: Refusal[]
  /** constructions whose message is a runtime value: file:line and the expression */
  dynamic: { at: string; expr: string }[]
}

const CONSTRUCTORS = new Set(['AppError', 'UploadRefused', 'EnvelopeResult'])
const SAMPLE = '7'

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) return name === 'seed' ? [] : files(p)
    return p.endsWith('.ts') ? [p] : []
  })
}

type Value = { kind: 'text'; texts: string[] } | { kind: 'dynamic' }
const text = (...texts: string[]): Value => ({ kind: 'text', texts })
const DYNAMIC: Value = { kind: 'dynamic' }

export function walkRefusals(root: string, exclude: readonly string[] = []): Walk {
  const srcRoot = join(root, 'server/src')
  const skip = new Set(exclude.map((f) => join(root, f)))
  const sources = files(srcRoot).map((f) =>
    ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS),
  )
  const where = (n: ts.Node) => {
    const sf = n.getSourceFile()
    return `${relative(root, sf.fileName)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`
  }

  /** calls of a function by name, anywhere in the server */
  const callsOf = new Map<string, ts.CallExpression[]>()
  for (const sf of sources) {
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression)) {
        const list = callsOf.get(n.expression.text) ?? []
        list.push(n)
        callsOf.set(n.expression.text, list)
      }
      ts.forEachChild(n, visit)
    }
    visit(sf)
  }

  const constOf = (id: ts.Identifier): ts.Expression | undefined => {
    let found: ts.Expression | undefined
    const visit = (n: ts.Node) => {
      if (found) return
      if (
        ts.isVariableDeclaration(n) &&
        ts.isIdentifier(n.name) &&
        n.name.text === id.text &&
        n.initializer &&
        ts.isVariableDeclarationList(n.parent) &&
        (n.parent.flags & ts.NodeFlags.Const) !== 0
      )
        found = n.initializer
      ts.forEachChild(n, visit)
    }
    visit(id.getSourceFile())
    return found
  }

  /** the function (and its name) whose parameter `id` is, if any */
  const paramOf = (id: ts.Identifier): { name: string; index: number } | null => {
    for (let n: ts.Node | undefined = id.parent; n; n = n.parent) {
      if (ts.isFunctionDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n)) {
        const index = n.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === id.text)
        if (index < 0) continue
        let name: string | undefined
        if (ts.isFunctionDeclaration(n)) name = n.name?.text
        else if (ts.isVariableDeclaration(n.parent) && ts.isIdentifier(n.parent.name)) name = n.parent.name.text
        return name ? { name, index } : null
      }
    }
    return null
  }

  const evaluate = (e: ts.Expression, depth = 0): Value => {
    if (depth > 6) return DYNAMIC
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return text(e.text)
    if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e))
      return evaluate(e.expression, depth)
    if (ts.isConditionalExpression(e)) {
      const a = evaluate(e.whenTrue, depth)
      const b = evaluate(e.whenFalse, depth)
      return a.kind === 'text' && b.kind === 'text' ? text(...a.texts, ...b.texts) : DYNAMIC
    }
    if (ts.isTemplateExpression(e)) {
      let out = [e.head.text]
      for (const span of e.templateSpans) {
        const v = evaluate(span.expression, depth + 1)
        const parts = v.kind === 'text' ? v.texts : [SAMPLE]
        out = out.flatMap((o) => parts.map((p) => `${o}${p}${span.literal.text}`))
      }
      return text(...out)
    }
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const a = evaluate(e.left, depth)
      const b = evaluate(e.right, depth)
      return a.kind === 'text' && b.kind === 'text'
        ? text(...a.texts.flatMap((x) => b.texts.map((y) => x + y)))
        : DYNAMIC
    }
    if (ts.isIdentifier(e)) {
      const init = constOf(e)
      if (init) return evaluate(init, depth + 1)
      const param = paramOf(e)
      if (param) {
        const texts: string[] = []
        for (const call of callsOf.get(param.name) ?? []) {
          const arg = call.arguments[param.index]
          if (!arg) continue
          const v = evaluate(arg, depth + 1)
          if (v.kind === 'dynamic') return DYNAMIC
          texts.push(...v.texts)
        }
        return texts.length ? text(...texts) : DYNAMIC
      }
    }
    return DYNAMIC
  }

  const refusals: Refusal[] = []
  const dynamic: Walk['dynamic'] = []
  for (const sf of sources) {
    if (skip.has(sf.fileName)) continue
    const visit = (n: ts.Node) => {
      if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && CONSTRUCTORS.has(n.expression.text)) {
        const msg = n.arguments?.[1]
        // EnvelopeResult(200, ...) is not a refusal
        const code = n.arguments?.[0]
        const success = n.expression.text === 'EnvelopeResult' && code && code.getText() === '200'
        if (msg && !success) {
          const v = evaluate(msg)
          if (v.kind === 'text') for (const sample of v.texts) refusals.push({ at: where(n), sample })
          else dynamic.push({ at: where(n), expr: msg.getText() })
        }
      }
      ts.forEachChild(n, visit)
    }
    visit(sf)
  }
  return { refusals, dynamic }
}

/**
 * The contract's own validation rules (zod messages given in `contract/`), as the server sends them:
 * `<field>: <rule>` where the rule names its field first ('telPhone must be an 11-digit mobile number').
 */
export function contractRules(root: string): string[] {
  const out = new Set<string>()
  const dir = join(root, 'contract')
  for (const f of files(dir)) {
    const sf = ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS)
    const visit = (n: ts.Node) => {
      if (
        ts.isCallExpression(n) &&
        ts.isPropertyAccessExpression(n.expression) &&
        ['regex', 'min', 'max', 'length', 'email', 'refine'].includes(n.expression.name.text)
      ) {
        for (const a of n.arguments) if (ts.isStringLiteral(a)) out.add(a.text)
      }
      if (ts.isPropertyAssignment(n) && ts.isIdentifier(n.name) && n.name.text === 'message') {
        if (ts.isStringLiteral(n.initializer)) out.add(n.initializer.text)
      }
      ts.forEachChild(n, visit)
    }
    visit(sf)
  }
  return [...out]
    .filter((rule) => /^[a-zA-Z]+[ :]/.test(rule))
    .map((rule) => {
      const field = /^([a-zA-Z]+)/.exec(rule)![1]
      return rule.startsWith(`${field}:`) ? rule : `${field}: ${rule}`
    })
}
