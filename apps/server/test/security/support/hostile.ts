import fc from 'fast-check';

/**
 * Input an attacker or a broken client sends, and arbitraries that build it from a route's JSON Schema
 * (the OpenAPI document's request schemas, made from the zod schemas the server validates with).
 */

export const SQL_INJECTION = [
  "' or 1=1 --",
  "'; drop table users; --",
  '1; DROP TABLE users',
  "admin'--",
  "' UNION SELECT password_hash FROM users --",
  '" OR ""="',
  "1' AND pg_sleep(5)--",
];
export const MARKUP = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(document.cookie)>',
  'javascript:alert(1)',
  '<svg onload=alert(1)>',
  '{{7*7}}',
  '${7*7}',
];
export const TRAVERSAL = [
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/etc/passwd',
  '....//....//etc/passwd',
  'file:///etc/passwd',
];
export const UNICODE = [
  '💸🔥👩‍💻',
  '\u202Egnp.exe',
  'مرحبا بالعالم',
  'שלום עולם',
  '\u0000',
  'a\u0000b',
  '\uFEFFbom',
  'zero\u200Bwidth',
  'Ω≈ç√∫˜µ',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '\r\n\t',
];
export const NUMBER_LIKE = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-0',
  '0x1F',
  '9007199254740993',
  '-9223372036854775809',
  '1.5',
  ' 1 ',
  '١٢٣',
];
export const ODD = ['', ' ', 'null', 'undefined', 'true', '[]', '{}', '__proto__', 'constructor'];

/** Every fixed hostile string; none of them is a lone surrogate, so all can go into a URL. */
export const HOSTILE = [...SQL_INJECTION, ...MARKUP, ...TRAVERSAL, ...UNICODE, ...NUMBER_LIKE, ...ODD];

const utf8Length = (s: string) => Buffer.byteLength(JSON.stringify(s)) - 2;
/** Strings from just over `min` characters up to about 200 KB of JSON: under the 256 KB body limit. */
export function longString(min: number): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom('A', 'é', '💸', "' or 1=1 --", '<b>', '\u0000'),
      fc.double({ min: 0, max: 1, noNaN: true }),
    )
    .map(([unit, f]) => {
      const maxUnits = Math.floor(200_000 / utf8Length(unit));
      const minUnits = Math.ceil((min + 1) / unit.length);
      const units = Math.max(minUnits, Math.round(minUnits + f * f * (maxUnits - minUnits)));
      return unit.repeat(units);
    });
}

/** Any hostile text for a JSON body: the fixed lists, random code points (lone surrogates too), long text. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: longString(2000) },
);

/** Hostile text for a path segment or query value: short enough for a URL, no lone surrogates. */
export const hostileUrlText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE.filter((s) => s !== '')) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer({ min: 300, max: 4000 }).map((n) => 'A'.repeat(n)) },
);

/** Field names to put where a schema does not expect them. */
export const UNKNOWN_KEYS = [
  'isAdmin',
  'role',
  'passwordHash',
  '__proto__',
  'constructor',
  '$where',
  "name' or 1=1 --",
  '../x',
  '💸',
  '',
];

/** The JSON Schema subset the OpenAPI document uses for request bodies, params and queries. */
export type JsonSchema = {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
};

type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';

function jsonTypeOf(v: unknown): JsonType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v as JsonType;
}

/** The JSON types a schema accepts, or 'any'. An integer is also a number. */
function allowedTypes(s: JsonSchema): Set<JsonType> | 'any' {
  let types: Set<JsonType> | 'any';
  if (s.enum) types = new Set(s.enum.map(jsonTypeOf));
  else if (s.anyOf || s.oneOf) {
    types = new Set<JsonType>();
    for (const branch of s.anyOf ?? s.oneOf ?? []) {
      const b = allowedTypes(branch);
      if (b === 'any') return 'any';
      for (const t of b) types.add(t);
    }
  } else if (s.type) types = new Set([s.type]);
  else return 'any';
  if (s.nullable) types.add('null');
  if (types.has('number')) types.add('integer');
  return types;
}

const WRONG_TYPES: unknown[] = [
  'NaN',
  '12',
  "' or 1=1 --",
  '../../etc/passwd',
  12,
  -1,
  0.5,
  1e308,
  true,
  false,
  null,
  [],
  ['x', 1],
  {},
  { $gt: '' },
];

/** A JSON value the schema accepts (as far as JSON Schema says: zod refinements are not visible here). */
export function validValue(s: JsonSchema): fc.Arbitrary<unknown> {
  const base = validNonNull(s);
  return s.nullable ? fc.oneof(base, fc.constant(null)) : base;
}

function validNonNull(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf || s.oneOf) return fc.oneof(...(s.anyOf ?? s.oneOf ?? []).map(validValue));
  switch (s.type) {
    case 'string': {
      const min = s.minLength ?? 0;
      const max = Math.min(s.maxLength ?? 60, 60);
      const fits = (v: string) => v.length >= min && v.length <= (s.maxLength ?? Infinity);
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
      return fc.oneof(
        fc.string({ minLength: min, maxLength: Math.max(min, max) }),
        fc.constantFrom(...HOSTILE.filter(fits)),
      );
    }
    case 'integer': {
      const low =
        Math.max(s.minimum ?? -1e6, Number.MIN_SAFE_INTEGER) + (s.exclusiveMinimum === true ? 1 : 0);
      const high = Math.min(s.maximum ?? 1e6, Number.MAX_SAFE_INTEGER);
      return fc.integer({ min: low, max: Math.max(low, high) });
    }
    case 'number':
      return fc.double({
        min: s.minimum ?? -1e6,
        max: s.maximum ?? 1e6,
        minExcluded: s.exclusiveMinimum === true,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? validValue(s.items) : fc.string(), { maxLength: 3 });
    case 'object': {
      const props = Object.entries(s.properties ?? {});
      if (props.length === 0) return fc.constant({});
      return fc.record(Object.fromEntries(props.map(([k, p]) => [k, validValue(p)])), {
        requiredKeys: s.required ?? [],
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** Sets a key as an own property, '__proto__' included. */
function withKey(o: unknown, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...(o as Record<string, unknown>) };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

function without(o: unknown, key: string): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...(o as Record<string, unknown>) };
  delete copy[key];
  return copy;
}

/**
 * Values the schema refuses: a wrong type, a string too long or not matching its pattern or enum, an
 * empty required string, a number out of range or not whole, an object missing a required field, with an
 * unknown field or with one field broken (recursively). Null when the schema accepts anything. Values are
 * meant to be invalid; callers still check each one with the route's own zod schema.
 */
export function invalidValue(s: JsonSchema): fc.Arbitrary<unknown> | null {
  const options: fc.Arbitrary<unknown>[] = [];
  const allowed = allowedTypes(s);
  if (allowed !== 'any') {
    const wrong = WRONG_TYPES.filter((v) => !allowed.has(jsonTypeOf(v)));
    if (wrong.length > 0) options.push(fc.constantFrom(...wrong));
  }
  if (s.enum) {
    const inEnum = (v: unknown) => s.enum!.includes(v);
    options.push(
      s.enum.every((v) => typeof v === 'number')
        ? fc.constantFrom(-1, 0, 7, 1e9).filter((v) => !inEnum(v))
        : hostileText.filter((v) => !inEnum(v)),
    );
  }
  if (s.type === 'string' && !s.enum) {
    if (s.pattern) {
      const re = new RegExp(s.pattern);
      options.push(hostileText.filter((v) => !re.test(v)));
    }
    if (s.maxLength !== undefined) options.push(longString(s.maxLength));
    if ((s.minLength ?? 0) > 0) options.push(fc.constant(''));
  }
  if ((s.type === 'integer' || s.type === 'number') && !s.enum) {
    const out: number[] = [1e300, -1e300, 2 ** 53 + 2, -(2 ** 53) - 2];
    if (s.minimum !== undefined) out.push(s.exclusiveMinimum === true ? s.minimum : s.minimum - 1);
    if (s.maximum !== undefined) out.push(s.maximum + 1);
    if (s.type === 'integer') out.push(0.5, 1.25);
    options.push(fc.constantFrom(...out));
  }
  if (s.type === 'object') {
    const props = Object.entries(s.properties ?? {});
    const base = validValue({ ...s, nullable: false });
    const required = s.required ?? [];
    if (required.length > 0)
      options.push(fc.tuple(base, fc.constantFrom(...required)).map(([o, k]) => without(o, k)));
    if (s.additionalProperties === false)
      options.push(
        fc.tuple(base, fc.constantFrom(...UNKNOWN_KEYS), hostileText).map(([o, k, v]) => withKey(o, k, v)),
      );
    const breakable = props
      .map(([k, p]) => [k, invalidValue(p)] as const)
      .filter((e): e is readonly [string, fc.Arbitrary<unknown>] => e[1] !== null);
    if (breakable.length > 0)
      options.push(
        fc
          .tuple(base, fc.oneof(...breakable.map(([k, bad]) => bad.map((v) => [k, v] as const))))
          .map(([o, [k, v]]) => withKey(o, k, v)),
      );
    if (props.length === 0 && typeof s.additionalProperties === 'object') {
      // A record such as `filters`: one entry whose value is broken.
      const bad = invalidValue(s.additionalProperties);
      if (bad)
        options.push(
          fc.tuple(fc.constantFrom('name', ...UNKNOWN_KEYS), bad).map(([k, v]) => withKey({}, k, v)),
        );
    }
  }
  for (const branch of s.anyOf ?? s.oneOf ?? []) {
    const bad = invalidValue(branch);
    if (bad) options.push(bad);
  }
  return options.length > 0 ? fc.oneof(...options) : null;
}

/**
 * Bodies that are not JSON: broken, empty, poisoned (refused by Fastify's parser), or of a type, charset
 * or encoding the server does not read (415, text/plain included: http/body-parsers.ts).
 */
export const RAW_BODIES: { contentType?: string; text: string }[] = [
  { contentType: 'application/json', text: '{' },
  { contentType: 'application/json', text: '{"a":' },
  { contentType: 'application/json', text: '[1,2' },
  { contentType: 'application/json', text: 'nul' },
  { contentType: 'application/json', text: '{}garbage' },
  { contentType: 'application/json', text: '\u0000' },
  { contentType: 'application/json', text: '{"__proto__":{"isAdmin":true}}' },
  { contentType: 'application/json', text: '{"constructor":{"prototype":{"isAdmin":true}}}' },
  { contentType: 'application/json', text: '' },
  { contentType: 'application/json; charset=iso-8859-1', text: '{}' },
  { contentType: 'text/plain', text: 'email=a@b.co' },
  {
    contentType: 'application/xml',
    text: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
  { contentType: 'application/x-www-form-urlencoded', text: 'role=SYSOP&isAdmin=true' },
  { contentType: 'application/json-patch+json', text: '[{"op":"add","path":"/role","value":"SYSOP"}]' },
  { contentType: 'multipart/form-data; boundary=x', text: '--x--\r\n' },
  { text: '{}' },
];
