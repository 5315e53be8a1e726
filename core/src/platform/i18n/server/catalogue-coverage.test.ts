import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isOperatorMessage } from './operator-messages';
import { SERVER_MESSAGES_EN, SERVER_MESSAGES_SW, findServerMessage } from './translate';

/**
 * Every message the api or the worker can send a user is in the catalogue (en.ts, sw.ts): this reads
 * the sources and lists the string and template literals handed to `Errors.*(…)` and
 * `new AppError(code, …)` in api/src, core/src and worker/src, and the zod messages of core's
 * contracts (each feature's `*.contract.ts`, and the shared ones under a `contract/` folder). A `${…}` part of a template stands for a `{{param}}`.
 */
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const SERVER_DIRS = ['api/src', 'core/src', 'worker/src'];
/** core's contract files: a feature's `*.contract.ts` and the shared ones under a `contract/` folder. */
const isContract = (file: string) => file.endsWith('.contract.ts') || file.includes('/contract/');
const PARAM = '\u27e8param\u27e9';

/** Errors.* whose arguments are words or numbers inside a fixed message, not a message. */
const WORD_ARGUMENTS = new Set(['planRequired', 'emailNotVerified', 'seatLimit', 'internal']);
/** zod checks whose message is their second argument (the first is the bound or the pattern). */
const CHECK_WITH_BOUND = new Set([
  'min',
  'max',
  'length',
  'gt',
  'gte',
  'lt',
  'lte',
  'regex',
  'refine',
  'multipleOf',
  'startsWith',
  'endsWith',
  'includes',
]);
/** zod schemas and checks whose message is their first argument. */
const CHECK_MESSAGE_FIRST = new Set([
  'string',
  'number',
  'boolean',
  'int',
  'email',
  'url',
  'uuid',
  'nonempty',
  'positive',
  'nonnegative',
  'array',
]);

interface Found {
  text: string;
  where: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(ROOT, dir, f));
}

const parsed = new Map<string, ts.SourceFile>();
function parseFile(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    parsed.set(file, source);
  }
  return source;
}

function walk(node: ts.Node, visit: (n: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/**
 * A message handed over by name: `const name = 'text'` in the same file, or an exported
 * `const SOME_MESSAGE = 'text'` of another scanned file.
 */
const exported = new Map<string, ts.Expression[]>();
const local = new Map<ts.SourceFile, Map<string, ts.Expression[]>>();
for (const file of SERVER_DIRS.flatMap(sourceFiles)) {
  const source = parseFile(file);
  const names = new Map<string, ts.Expression[]>();
  walk(source, (n) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
      names.set(n.name.text, [...(names.get(n.name.text) ?? []), n.initializer]);
      if (/^[A-Z][A-Z0-9_]+$/.test(n.name.text)) exported.set(n.name.text, [...(exported.get(n.name.text) ?? []), n.initializer]);
    }
  });
  local.set(source, names);
}
const valuesOf = (name: ts.Identifier) => local.get(name.getSourceFile())?.get(name.text) ?? exported.get(name.text) ?? [];

/** The expression inside `… as const`, `… satisfies T` and parentheses. */
function unwrap(expr: ts.Expression): ts.Expression {
  return ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr) || ts.isParenthesizedExpression(expr) ? unwrap(expr.expression) : expr;
}

/** The texts an expression can be: literal, template (parts as params), `a ? 'x' : 'y'`, a named constant. */
function textsOf(expr: ts.Expression, seen = new Set<string>()): string[] {
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [expr.text];
  if (ts.isTemplateExpression(expr)) {
    // A part that is a choice of literals (`second${n === 1 ? '' : 's'}`) gives each text; any other part is a param.
    return expr.templateSpans.reduce(
      (texts, span) => {
        const parts = textsOf(span.expression, seen);
        return texts.flatMap((t) => (parts.length ? parts : [PARAM]).map((part) => t + part + span.literal.text));
      },
      [expr.head.text],
    );
  }
  if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr))
    return textsOf(expr.expression, seen);
  if (ts.isConditionalExpression(expr)) return [...textsOf(expr.whenTrue, seen), ...textsOf(expr.whenFalse, seen)];
  if (ts.isArrowFunction(expr) && !ts.isBlock(expr.body)) return textsOf(expr.body, seen);
  // `PHOTO_MESSAGES.tooLarge`, `PHOTO_MESSAGES.unsupported(what)`: a property of a table of messages.
  if (ts.isCallExpression(expr) && ts.isPropertyAccessExpression(expr.expression)) return textsOf(expr.expression, seen);
  if (ts.isPropertyAccessExpression(expr) && ts.isIdentifier(expr.expression)) {
    return valuesOf(expr.expression)
      .map(unwrap)
      .filter(ts.isObjectLiteralExpression)
      .flatMap((table) => table.properties.filter(ts.isPropertyAssignment).filter((p) => p.name.getText() === expr.name.text))
      .flatMap((p) => textsOf(p.initializer, seen));
  }
  if (ts.isIdentifier(expr) && !seen.has(expr.text)) {
    seen.add(expr.text);
    return valuesOf(expr).flatMap((v) => textsOf(v, seen));
  }
  return [];
}

function where(node: ts.Node): string {
  const source = node.getSourceFile();
  return `${relative(ROOT, source.fileName)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
}

/** Errors whose message reaches the user, and which argument it is. */
const MESSAGE_ARGUMENT: Record<string, number> = { AppError: 1, WebhookUrlError: 0 };

/** The `message` of each `{ path, message }` of a details list. */
const detailMessages = (expr: ts.Expression): ts.Expression[] =>
  ts.isArrayLiteralExpression(expr)
    ? expr.elements
        .filter(ts.isObjectLiteralExpression)
        .flatMap((o) => o.properties.filter(ts.isPropertyAssignment).filter((p) => p.name.getText() === 'message'))
        .map((p) => p.initializer)
    : [];

/**
 * The messages thrown as `Errors.*(…)` (with their details), `new AppError(code, message, …)` or
 * another error a user reads, and the texts a user is sent outside an error: the `*_MESSAGE`
 * constants, the `*_MESSAGES` / `*_TEXTS` tables and what a `…Message()` function returns (a
 * payment's or a refund's state, a failed generation over Socket.IO).
 */
function thrownMessages(): Found[] {
  const found: Found[] = [];
  const add = (expr: ts.Expression | undefined) => {
    if (expr) for (const text of textsOf(expr)) found.push({ text, where: where(expr) });
  };
  for (const file of SERVER_DIRS.flatMap(sourceFiles)) {
    walk(parseFile(file), (n) => {
      if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && ts.isIdentifier(n.expression.expression)) {
        if (n.expression.expression.text !== 'Errors' || WORD_ARGUMENTS.has(n.expression.name.text)) return;
        n.arguments.forEach((arg) => [arg, ...detailMessages(arg)].forEach(add));
      }
      if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text in MESSAGE_ARGUMENT) {
        add(n.arguments?.[MESSAGE_ARGUMENT[n.expression.text]!]);
      }
      if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
        if (/_MESSAGE$/.test(n.name.text)) add(n.initializer);
        const table = unwrap(n.initializer);
        if (/_(MESSAGES|TEXTS)$/.test(n.name.text) && ts.isObjectLiteralExpression(table)) {
          table.properties.filter(ts.isPropertyAssignment).forEach((p) => add(p.initializer));
        }
      }
      if (ts.isFunctionDeclaration(n) && n.name && /Message$/.test(n.name.text) && n.body) {
        walk(n.body, (r) => {
          if (ts.isReturnStatement(r) && r.expression) add(r.expression);
        });
      }
    });
  }
  return found;
}

/** The zod messages of the contract: `{ message | error: … }` and the message argument of a check. */
function contractMessages(): Found[] {
  const found: Found[] = [];
  const add = (expr: ts.Expression | undefined) => {
    if (expr) for (const text of textsOf(expr)) found.push({ text, where: where(expr) });
  };
  for (const file of sourceFiles('core/src').filter(isContract)) {
    walk(parseFile(file), (n) => {
      if (ts.isPropertyAssignment(n) && ts.isIdentifier(n.name) && (n.name.text === 'message' || n.name.text === 'error'))
        add(n.initializer);
      if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) {
        const name = n.expression.name.text;
        if (CHECK_WITH_BOUND.has(name)) add(n.arguments[1]);
        if (CHECK_MESSAGE_FIRST.has(name)) add(n.arguments[0]);
      }
    });
  }
  return found;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const EN_TEXTS = Object.values(SERVER_MESSAGES_EN) as string[];

/**
 * Whether the catalogue has a message: found as it is (a `${…}` part as a `{{param}}`), found after
 * a field prefix (`cursor: Invalid cursor`), a catalogue text the template can be (a template whose
 * parts are computed, e.g. from a list of languages), or an operator-only message.
 */
function known(text: string): boolean {
  const found = findServerMessage(text);
  // A refund's `{{event}}` is itself a message of the catalogue.
  if (found) return found.params?.event === undefined || findServerMessage(String(found.params.event)) !== null;
  if (isOperatorMessage(text)) return true;
  const prefixed = /^([\w.[\]-]{1,100}|⟨param⟩): (.+)$/s.exec(text);
  if (prefixed && (prefixed[2] === PARAM || findServerMessage(prefixed[2]!))) return true;
  const template = new RegExp(`^${text.split(PARAM).map(escapeRegExp).join('.+')}$`, 's');
  return text.includes(PARAM) && EN_TEXTS.some((en) => !en.includes('{{') && template.test(en));
}

describe('the message catalogue covers the sources', () => {
  it('finds the messages it looks for (the scan itself works)', () => {
    const texts = thrownMessages().map((f) => f.text);
    expect(texts).toContain('Invalid email or password');
    expect(texts).toContain(`You can have at most ${PARAM} webhook endpoints. Delete one first.`);
    expect(texts).toContain(`Too many generation requests. Please wait ${PARAM} seconds and try again.`);
    // A table of messages, another error class, a detail, a constant sent over Socket.IO, what a …Message() returns.
    expect(texts).toContain('Send one photo at a time.');
    expect(texts).toContain('Webhook URLs must use https');
    expect(texts).toContain('incomplete or damaged');
    expect(texts).toContain('We could not generate lines right now. Please try again.');
    expect(texts).toContain(`Payment received. Your ${PARAM} plan is active now.`);
    expect(contractMessages().map((f) => f.text)).toContain('Choose a valid tone');
  });

  it('has every message thrown in api/src, core/src and worker/src', () => {
    const missing = thrownMessages().filter((f) => !known(f.text));
    expect(missing.map((f) => `${f.where}  ${f.text}`)).toEqual([]);
  });

  it("has every zod message of core's contracts", () => {
    const missing = contractMessages().filter((f) => !known(f.text));
    expect(missing.map((f) => `${f.where}  ${f.text}`)).toEqual([]);
  });

  it('finds each message under its own id (no message shadows another)', () => {
    const shadowed = (Object.entries(SERVER_MESSAGES_EN) as [keyof typeof SERVER_MESSAGES_EN, string][])
      .filter(([id, text]) => findServerMessage(text.replace(/\{\{\w+\}\}/g, 'Xy7'))?.id !== id)
      .map(([id]) => id);
    expect(shadowed).toEqual([]);
  });

  it('has a Kiswahili text for every message', () => {
    const untranslated = Object.keys(SERVER_MESSAGES_EN).filter((id) => !SERVER_MESSAGES_SW[id as keyof typeof SERVER_MESSAGES_SW]?.trim());
    expect(untranslated).toEqual([]);
  });
});
