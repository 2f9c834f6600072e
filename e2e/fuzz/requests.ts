import fc from 'fast-check';
import type { JsonSchema, Operation } from './openapi.ts';
import { valueFor } from './schema-values.ts';

// What one fuzz request is: an operation from the OpenAPI documents and what is done to it. Plans are
// drawn by fast-check from a seed; `materialize` turns one into bytes at send time, when the ids seen
// so far (the hero's quests, milestones, stories…) are known.

/** The mutations of a valid body: one field made wrong in one way. */
const BODY_MUTATIONS = [
  'wrong-type',
  'missing-field',
  'extra-keys',
  'prototype-keys',
  'string-boundary',
  'odd-unicode',
  'invalid-date',
  'huge-number',
  'duplicate-keys',
] as const;

export const KINDS = [
  'valid',
  ...BODY_MUTATIONS,
  'deep-json',
  'not-json',
  'size-limit',
  'content-type',
  'param-abuse',
  'query-abuse',
  'path-traversal',
  'auth-abuse',
  'method-abuse',
  'header-abuse',
] as const;
export type Kind = (typeof KINDS)[number];

/** JSON text that JSON.stringify cannot write (a lone surrogate escape, 1e400) or should not (a NUL). */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

type ParamChoice = { kind: 'known' | 'uuid' | 'hostile'; index: number; value: string };
type AuthChoice =
  | 'hero'
  | 'none'
  | 'garbage-bearer'
  | 'null-bearer'
  | 'long-bearer'
  | 'basic'
  | 'garbage-cookie'
  | 'unsigned-cookie'
  | 'forged-identity'
  | 'admin';

export interface Plan {
  op: Operation;
  kind: Kind;
  body: unknown;
  /** Replaces the JSON body entirely (not-json, deep-json, size-limit). */
  raw?: { text: string } | { size: 'under' | 'over' };
  contentType: string | null;
  params: ParamChoice[];
  query: string;
  /** Replaces the whole path (path-traversal). */
  path?: string;
  method: string;
  auth: AuthChoice;
  headers: Record<string, string>;
}

export interface HttpRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  label: string;
  /** Everything but 'valid': the app must still answer a normal request afterwards. */
  abusive: boolean;
}

export interface RequestContext {
  ids: readonly string[];
  heroSession: string;
  /** Another session of the hero, for the routes that end the one they are called with (logout). */
  spareSession: string;
  adminSession: string;
  internalHeaderName: string;
  bodyLimitBytes: number;
}

const HOSTILE_SEGMENTS = [
  '..',
  '%2e%2e',
  '..%2F..%2Finternal%2Fauth%2Fusers',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  'a%00b',
  '%00',
  '%ED%A0%80',
  '%F0%9F%98%80',
  'x'.repeat(101),
  'x'.repeat(3_000),
  '%ZZ',
  '%',
  '1',
  '-1',
  '0',
  'null',
  'undefined',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  '%20',
  '__proto__',
  'constructor',
  "'%20OR%201=1--",
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '1e400',
  'NaN',
  '%5B%5D',
  '%7B%7D',
  '%E2%80%AE',
];

const HOSTILE_QUERIES = [
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  '__proto__.polluted=1',
  'a=1&a=2',
  'type=total_xp&type=level',
  'active=true&active=false',
  'active=yes',
  'type=%ED%A0%80',
  '%00=%00',
  `active=${'x'.repeat(5_000)}`,
  '&&&==&',
  'a[b][c][d][e][f]=1',
  'type[]=level',
  `after=${Array.from({ length: 200 }, () => '00000000-0000-0000-0000-000000000000').join(',')}`,
];

const TRAVERSALS = [
  '/../../internal/auth/users/x',
  '/%2e%2e/%2e%2e/internal/auth/login',
  '/..%2f..%2finternal%2fauth%2fregister',
  '/%2e%2e%2f%2e%2e%2fmetrics',
  `/${'a/'.repeat(400)}`,
  '/%ZZ',
  '/%00',
  '/%C0%AE%C0%AE/',
  '/.%00./',
  '//',
];

const ROOT_PATHS = [
  '/api/../internal/auth/register',
  '//api//goals',
  '/api/%00',
  '/internal/auth/users/00000000-0000-0000-0000-000000000000',
  '/internal/quests/onboarding-quest',
  '/internal/ops/dead-letters',
  '/metrics',
  '/openapi.json',
  '/readyz',
  '/.env',
  '/../../etc/passwd',
  '/assets/../../package.json',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/index.html%00',
  `/${'a'.repeat(10_000)}`,
  '/api',
  '/api/',
  '/api/auth',
  '/api/auth/me/../../goals',
];

const CONTENT_TYPES = [
  'text/plain',
  'text/plain; x',
  'application/json; x',
  'application/json; charset=utf-16',
  'application/json;;;',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/vnd.api+json',
  'application/xml',
  'a/b; c=',
  ';',
  '',
];

const ODD_STRINGS: RawJson[] = [
  new RawJson('"\\u0000"'),
  new RawJson('"a\\u0000b"'),
  new RawJson('"\\ud800"'),
  new RawJson('"\\udfff tail"'),
  new RawJson('"head \\ud83d"'),
  new RawJson('"\\ufeff\\u202e\\u200b"'),
  new RawJson('"\\u0301\\u0301\\u0301"'),
  new RawJson('"😀🧭🏔️"'),
  new RawJson('"\\r\\n\\t\\b\\f"'),
  new RawJson('"<script>alert(1)</script>"'),
  new RawJson('"\' OR 1=1 --"'),
  new RawJson('"\\u0024{7*7}{{7*7}}"'),
  new RawJson('"../../etc/passwd"'),
];

const INVALID_DATES = [
  '2024-02-30',
  '2023-02-29',
  '0000-00-00',
  '9999-99-99',
  '2024-13-01',
  '2024-1-1',
  '+275760-09-13',
  '-000001-01-01',
  '2024-06-01T00:00:00Z',
  '01/06/2024',
  'tomorrow',
  '',
  '1970-01-01',
  '2999-12-31',
];

const HUGE_NUMBERS = [
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '9007199254740993',
  '1.7976931348623157e308',
  '2147483648',
  '-2147483649',
  '0.1e1',
  '123456789012345678901234567890',
];

const WRONG_TYPES: unknown[] = [null, true, false, 0, -1, 1.5, '', 'x', [], {}, [[]], [null], { a: 1 }];

const EXTRA_KEY_VALUES: [string, unknown][] = [
  ['__proto__', { polluted: 'yes' }],
  ['constructor', { prototype: { polluted: 'yes' } }],
  ['prototype', { polluted: 'yes' }],
  ['toString', 'x'],
  ['hasOwnProperty', 1],
  ['userId', '00000000-0000-0000-0000-000000000000'],
  ['isAdmin', true],
  ['xp_reward', 1_000_000],
  ['totalXP', 1e9],
];

const AUTHS: AuthChoice[] = [
  'none',
  'garbage-bearer',
  'null-bearer',
  'long-bearer',
  'basic',
  'garbage-cookie',
  'unsigned-cookie',
  'forged-identity',
  'admin',
];

const HEADER_ABUSE: Record<string, string>[] = [
  { accept: 'text/event-stream' },
  { accept: '*/*;q=0, text/event-stream;q=1' },
  { 'accept-encoding': 'gzip, deflate, br' },
  { 'content-encoding': 'gzip' },
  { 'x-forwarded-for': '6.6.6.6, 7.7.7.7' },
  { 'x-forwarded-proto': 'https' },
  { 'x-request-id': 'x'.repeat(2_000) },
  { 'x-big': 'y'.repeat(8_000) },
  // Over Node's 16 KB of headers: the HTTP parser refuses it before any route (431).
  { 'x-huge': 'y'.repeat(20_000) },
  { expect: '100-continue' },
  { 'x-user-id': '00000000-0000-0000-0000-000000000000', 'x-admin': 'true' },
  { origin: 'https://evil.example', referer: 'https://evil.example/' },
  { 'if-none-match': '*', 'if-modified-since': 'yesterday' },
  { range: 'bytes=0-0,-1' },
];

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

/** Leaves of a value: paths to every primitive (and to every container, for whole replacements). */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) out.push(...paths(item, [...prefix, i]));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) out.push(...paths(item, [...prefix, key]));
  }
  return out;
}

function schemaAt(schema: JsonSchema | undefined, path: (string | number)[]): JsonSchema | undefined {
  let current = schema;
  for (const step of path) {
    if (!current) return undefined;
    const choice = current.anyOf?.[0] ?? current.oneOf?.[0] ?? current;
    current = typeof step === 'number' ? choice.items : choice.properties?.[step];
  }
  return current;
}

function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  const [head, ...rest] = path;
  copy[head as string] = setAt(copy[head as string], rest, replacement);
  return copy;
}

function deleteAt(value: unknown, path: (string | number)[]): unknown {
  if (path.length === 0) return undefined;
  if (path.length === 1) {
    if (Array.isArray(value)) return value.filter((_, i) => i !== path[0]);
    const { [path[0] as string]: _gone, ...rest } = value as Record<string, unknown>;
    return rest;
  }
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[path[0] as string] = deleteAt(copy[path[0] as string], path.slice(1));
  return copy;
}

/** Applies one body mutation of `kind` to a valid body, using `pick` (0..1) to choose where. */
function mutate(
  kind: Kind,
  body: unknown,
  schema: JsonSchema | undefined,
  pick: number,
  choice: number,
): unknown {
  const all = paths(body ?? {});
  const at = all[Math.floor(pick * all.length)] ?? [];
  const leafSchema = schemaAt(schema, at);
  switch (kind) {
    case 'wrong-type':
      return setAt(body ?? {}, at, WRONG_TYPES[choice % WRONG_TYPES.length]);
    case 'missing-field':
      return at.length === 0 ? undefined : deleteAt(body, at);
    case 'extra-keys':
    case 'prototype-keys': {
      const [key, value] = EXTRA_KEY_VALUES[choice % EXTRA_KEY_VALUES.length]!;
      const target = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
      // `__proto__` must be an own key in the JSON text, not a prototype change here.
      return new RawJson(
        JSON.stringify(target).replace(
          /^\{/,
          `{${JSON.stringify(key)}:${JSON.stringify(value)}${Object.keys(target).length > 0 ? ',' : ''}`,
        ),
      );
    }
    case 'string-boundary': {
      const max = leafSchema?.maxLength ?? 1_000;
      const lengths = [max, max + 1, max * 10, 0, Math.max(0, (leafSchema?.minLength ?? 1) - 1)];
      return setAt(body ?? {}, at, 'é'.repeat(lengths[choice % lengths.length]!));
    }
    case 'odd-unicode':
      return setAt(body ?? {}, at, ODD_STRINGS[choice % ODD_STRINGS.length]);
    case 'invalid-date': {
      const dated = all.filter((p) => schemaAt(schema, p)?.format === 'date');
      const where = dated.length > 0 ? dated[choice % dated.length]! : at;
      return setAt(body ?? {}, where, INVALID_DATES[choice % INVALID_DATES.length]);
    }
    case 'huge-number':
      return setAt(body ?? {}, at, new RawJson(HUGE_NUMBERS[choice % HUGE_NUMBERS.length]!));
    case 'duplicate-keys': {
      const target = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : { a: 1 };
      const key = Object.keys(target)[choice % Math.max(1, Object.keys(target).length)] ?? 'a';
      const value = WRONG_TYPES[choice % WRONG_TYPES.length];
      return new RawJson(
        JSON.stringify(target).replace(/^\{/, `{${JSON.stringify(key)}:${JSON.stringify(value)},`),
      );
    }
    default:
      return body;
  }
}

function notJson(choice: number, body: unknown): string {
  const text = JSON.stringify(body ?? {});
  const options = [
    '',
    ' ',
    'null',
    'true',
    '1',
    '"text"',
    '[]',
    text.slice(0, Math.max(1, text.length - 1)),
    `${text}garbage`,
    '{"a":}',
    "{'single':'quotes'}",
    '{"a":1,}',
    'undefined',
    'NaN',
    '\u0000',
    '\ufeff{}',
    '{"a":"\\x41"}',
    '{"a":"\\u00"}',
  ];
  return options[choice % options.length]!;
}

function deepJson(choice: number): string {
  const depths = [31, 32, 33, 100, 3_000, 100_000];
  const depth = depths[choice % depths.length]!;
  return choice % 2 === 0
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** The weights of the kinds: a third of the requests valid, the rest spread over the abuses. */
const WEIGHTS: Record<Kind, number> = {
  valid: 30,
  'wrong-type': 6,
  'missing-field': 4,
  'extra-keys': 3,
  'prototype-keys': 3,
  'string-boundary': 4,
  'odd-unicode': 5,
  'invalid-date': 3,
  'huge-number': 3,
  'duplicate-keys': 3,
  'deep-json': 3,
  'not-json': 4,
  'size-limit': 1,
  'content-type': 4,
  'param-abuse': 6,
  'query-abuse': 4,
  'path-traversal': 5,
  'auth-abuse': 5,
  'method-abuse': 3,
  'header-abuse': 3,
};

const BODY_KINDS = new Set<Kind>(BODY_MUTATIONS);

function planFor(op: Operation, prefixes: readonly string[]): fc.Arbitrary<Plan> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  return fc
    .record({
      kind: fc.oneof(...KINDS.map((kind) => ({ arbitrary: fc.constant(kind), weight: WEIGHTS[kind] }))),
      body: valueFor(op.body),
      params: fc.array(
        fc.record({
          kind: fc.constantFrom<'known' | 'uuid'>('known', 'known', 'known', 'uuid'),
          index: fc.nat(),
          value: fc.uuid(),
        }),
        { minLength: pathParams.length, maxLength: pathParams.length },
      ),
      pick: fc.double({ min: 0, max: 0.999_999, noNaN: true }),
      choice: fc.nat(),
      prefix: fc.constantFrom(...(prefixes.length > 0 ? prefixes : ['/api'])),
    })
    .chain((draw) => {
      const queryParams = op.params.filter((p) => p.in === 'query');
      const queryValues = fc.record(
        Object.fromEntries(queryParams.map((p) => [p.name, valueFor(p.schema)])),
        { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
      );
      return queryValues.map((query): Plan => {
        const { kind, choice, pick } = draw;
        const plan: Plan = {
          op,
          kind,
          body: op.body ? draw.body : undefined,
          contentType: op.body ? 'application/json' : null,
          params: draw.params,
          query: new URLSearchParams(
            Object.entries(query).map(([k, v]) => [k, String(v)]) as [string, string][],
          ).toString(),
          method: op.method,
          auth: 'hero',
          headers: {},
        };
        if (BODY_KINDS.has(kind)) {
          plan.body = mutate(kind, plan.body ?? {}, op.body, pick, choice);
          plan.contentType = 'application/json';
        } else if (kind === 'deep-json') {
          plan.raw = { text: deepJson(choice) };
          plan.contentType = 'application/json';
        } else if (kind === 'not-json') {
          plan.raw = { text: notJson(choice, plan.body) };
          plan.contentType = 'application/json';
        } else if (kind === 'size-limit') {
          plan.raw = { size: choice % 2 === 0 ? 'under' : 'over' };
          plan.contentType = 'application/json';
        } else if (kind === 'content-type') {
          plan.contentType = CONTENT_TYPES[choice % CONTENT_TYPES.length]!;
          plan.body ??= { title: 'x' };
        } else if (kind === 'param-abuse') {
          if (plan.params.length === 0)
            plan.query = `${plan.query}&id=${HOSTILE_SEGMENTS[choice % HOSTILE_SEGMENTS.length]}`;
          plan.params = plan.params.map((p, i) =>
            i === choice % plan.params.length
              ? { ...p, kind: 'hostile', value: HOSTILE_SEGMENTS[p.index % HOSTILE_SEGMENTS.length]! }
              : p,
          );
        } else if (kind === 'query-abuse') {
          plan.query = HOSTILE_QUERIES[choice % HOSTILE_QUERIES.length]!;
        } else if (kind === 'path-traversal') {
          plan.path =
            choice % 3 === 0
              ? ROOT_PATHS[choice % ROOT_PATHS.length]!
              : `${draw.prefix}${TRAVERSALS[choice % TRAVERSALS.length]!}`;
          plan.method = OTHER_METHODS[choice % 2 === 0 ? 0 : 1]!;
        } else if (kind === 'auth-abuse') {
          plan.auth = AUTHS[choice % AUTHS.length]!;
        } else if (kind === 'method-abuse') {
          const others = OTHER_METHODS.filter((m) => m !== op.method);
          plan.method = others[choice % others.length]!;
        } else if (kind === 'header-abuse') {
          plan.headers = HEADER_ABUSE[choice % HEADER_ABUSE.length]!;
        }
        return plan;
      });
    });
}

/** Plans over every operation, each drawn as often as any other. */
export function plans(operations: readonly Operation[], prefixes: readonly string[]): fc.Arbitrary<Plan> {
  return fc.integer({ min: 0, max: operations.length - 1 }).chain((i) => planFor(operations[i]!, prefixes));
}

function serialize(body: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_key, value) => {
    if (value instanceof RawJson) {
      raws.push(value.text);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return value;
  });
  return (text ?? '').replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i) => raws[Number(i)]!);
}

/** The bytes of one plan, with the ids and sessions known now. */
export function materialize(plan: Plan, ctx: RequestContext): HttpRequest {
  let path = plan.path;
  if (!path) {
    let i = 0;
    path = plan.op.path.replace(/\{([^}]+)\}/g, () => {
      const param = plan.params[i++];
      if (!param) return '1';
      if (param.kind === 'hostile') return param.value;
      if (param.kind === 'known' && ctx.ids.length > 0) return ctx.ids[param.index % ctx.ids.length]!;
      return param.value;
    });
    if (plan.query) path += `?${plan.query}`;
  }
  const headers: Record<string, string> = { ...plan.headers };
  switch (plan.auth) {
    case 'hero':
      headers.authorization = `Bearer ${plan.op.path === '/api/auth/logout' ? ctx.spareSession : ctx.heroSession}`;
      break;
    case 'admin':
      headers.authorization = `Bearer ${ctx.adminSession}`;
      break;
    case 'garbage-bearer':
      headers.authorization = 'Bearer not-a-session';
      break;
    case 'null-bearer':
      headers.authorization = 'Bearer null';
      break;
    case 'long-bearer':
      headers.authorization = `Bearer ${'s'.repeat(6_000)}`;
      break;
    case 'basic':
      headers.authorization = 'Basic YWRtaW46YWRtaW4=';
      break;
    case 'garbage-cookie':
      headers.cookie = 'lq_session=garbage.signature; lq_session=second';
      break;
    case 'unsigned-cookie':
      headers.cookie = `lq_session=${ctx.heroSession}`;
      break;
    case 'forged-identity':
      headers[ctx.internalHeaderName] = JSON.stringify({ kind: 'hero', userId: ctx.ids[0], isAdmin: true });
      break;
    case 'none':
      break;
  }
  let body: Buffer | undefined;
  if (plan.raw && 'size' in plan.raw) {
    const size = plan.raw.size === 'under' ? ctx.bodyLimitBytes - 64 : ctx.bodyLimitBytes + 1;
    const filler = 'z'.repeat(Math.max(0, size - 20));
    body = Buffer.from(`{"title":"${filler}"}`.slice(0, size).padEnd(size, ' '));
  } else if (plan.raw) {
    body = Buffer.from(plan.raw.text);
  } else if (plan.body !== undefined && plan.method !== 'GET' && plan.method !== 'HEAD') {
    body = Buffer.from(serialize(plan.body));
  }
  if (body !== undefined && plan.contentType !== null) headers['content-type'] = plan.contentType;
  return {
    method: plan.method,
    path,
    headers,
    body,
    label: `${plan.kind} ${plan.op.method} ${plan.op.path}`,
    abusive: plan.kind !== 'valid',
  };
}
