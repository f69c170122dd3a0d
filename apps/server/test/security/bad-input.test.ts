import fs from 'node:fs';
import { calls, urlOf, type CallDef } from '@brokerdesk/contract';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { eq, like } from 'drizzle-orm';
import type { ZodType } from 'zod';
import { startTestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { clientLogs, groups, users } from '../../src/db/schema.ts';
import { seedDemoData } from '../../../../tools/demo/seed.ts';
import { newId } from '../../src/lib/ids.ts';
import { HTML, JPEG, PDF, PNG } from '../banks/fixtures.ts';
import { snapshot } from './support/db-snapshot.ts';
import { fillPath, fromOpenApiPath, keyOf, routesOf, type RecordedRoute } from './support/routes.ts';
import {
  HOSTILE,
  MARKUP,
  RAW_BODIES,
  SQL_INJECTION,
  TRAVERSAL,
  UNICODE,
  UNKNOWN_KEYS,
  hostileText,
  hostileUrlText,
  invalidValue,
  validValue,
  type JsonSchema,
} from './support/hostile.ts';

// The route table is the server's own: every route it registers, with the zod schemas it validates with.
const recorded = vi.hoisted(() => [] as RecordedRoute[]);
vi.mock('fastify', async (importOriginal) =>
  (await import('./support/routes.ts')).recordingFastify(await importOriginal(), recorded),
);

/** Fixed seed and bounded runs: the same cases every time, a few seconds per route at most. */
const SEED = 20_260_921;
const RUNS = 25;
const PASSWORD = 'Correct-Horse-1';
const BODY_LIMIT = 256 * 1024;
/** No call may hang: a reply that never comes fails the case instead of the whole run. */
const timeout = () => AbortSignal.timeout(10_000);

// Started while the file is collected, so that there is one generated test per route.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-security-'));
const uploadsDir = path.join(dataDir, 'uploads');
const t = await startTestApp({ env: { DATA_DIR: dataDir } });
await t.createUser({ email: 'sysop@fuzz.test', password: PASSWORD, role: 'SYSOP' });
// Realistic rows in every table, so that the before/after checksums cover real data.
await seedDemoData(t.db, { clients: 10, seed: 7, now: t.clock.now() });
const clientId = await t.createUser({ email: 'client@fuzz.test', role: 'USER', status: 'pending' });
// Signed in as SYSOP so that every call gets past the guard and reaches validation.
const token = await t.signIn('sysop@fuzz.test', PASSWORD);
await t.app.ready();
const openapi = t.app.swagger() as {
  paths: Record<string, Record<string, OpenApiOperation>>;
};
type OpenApiOperation = {
  parameters?: { in: 'path' | 'query'; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: { 'application/json'?: { schema: JsonSchema } } };
  responses?: Record<string, { content?: { 'application/json'?: { schema: JsonSchema } } }>;
};

type FuzzRoute = RecordedRoute & {
  op: OpenApiOperation | undefined;
  body: JsonSchema | undefined;
  params: JsonSchema | undefined;
  query: JsonSchema | undefined;
};

const operation = (r: RecordedRoute) =>
  Object.entries(openapi.paths).find(([p]) => fromOpenApiPath(p) === r.url)?.[1][r.method.toLowerCase()];
const parametersIn = (op: OpenApiOperation | undefined, where: 'path' | 'query'): JsonSchema | undefined => {
  const list = (op?.parameters ?? []).filter((p) => p.in === where);
  if (list.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(list.map((p) => [p.name, p.schema])),
    required: list.filter((p) => p.required).map((p) => p.name),
  };
};
const fuzzRoutes: FuzzRoute[] = routesOf(recorded, t.app)
  .filter((r) => r.method !== 'HEAD')
  .map((r) => {
    const op = operation(r);
    return {
      ...r,
      op,
      body: op?.requestBody?.content['application/json']?.schema,
      params: parametersIn(op, 'path'),
      query: parametersIn(op, 'query'),
    };
  })
  // Every non-GET route, and GET routes that take params or a query.
  .filter((r) => r.method !== 'GET' || r.params || r.query);

type Body = { json: unknown } | { raw: (typeof RAW_BODIES)[number] };
type Case = { params?: Record<string, string>; query?: Record<string, string>; body?: Body };
type Reply = { status: number; type: string; text: string; json: unknown };

async function send(route: FuzzRoute, c: Case, headers: Record<string, string> = {}): Promise<Reply> {
  let url = fillPath(route.url, c.params ?? {});
  if (c.query && Object.keys(c.query).length > 0) url += `?${new URLSearchParams(c.query)}`;
  const h: Record<string, string> = { accept: 'application/json', ...t.auth(token), ...headers };
  let body: string | Uint8Array | undefined;
  if (c.body && 'json' in c.body) {
    body = JSON.stringify(c.body.json);
    h['content-type'] = 'application/json';
  } else if (c.body) {
    // Bytes, so that fetch adds no content type of its own.
    body = new Uint8Array(Buffer.from(c.body.raw.text));
    if (c.body.raw.contentType) h['content-type'] = c.body.raw.contentType;
  }
  const res = await fetch(t.base + url, { method: route.method, headers: h, body, signal: timeout() });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', text, json: safeJson(text) };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** docs/product.md [api.errors]: a refusal is a 4xx with `{ errors: { field: message } }` in JSON. */
function refusal(r: Reply): string | null {
  const errors = (r.json as { errors?: unknown } | undefined)?.errors;
  if (r.status < 400 || r.status >= 500) return `status ${r.status}`;
  if (!r.type.startsWith('application/json')) return `content-type ${r.type}`;
  if (!errors || typeof errors !== 'object' || Object.keys(errors).length === 0) return 'no errors object';
  if (!Object.values(errors).every((m) => typeof m === 'string')) return 'an error message is not text';
  return null;
}

const describeCase = (c: Case) =>
  JSON.stringify(c, (_, v) =>
    typeof v === 'string' && v.length > 120 ? `${v.slice(0, 120)}…(${v.length})` : v,
  );

const fails = (schema: unknown, value: unknown) => !(schema as ZodType).safeParse(value).success;

/** Whether the server's own schemas refuse at least one part: only such cases are sent. */
function refusedBySchemas(route: FuzzRoute, c: Case): boolean {
  if (c.body && 'raw' in c.body) return true;
  if (route.schema.params && c.params && fails(route.schema.params, c.params)) return true;
  if (route.schema.querystring && fails(route.schema.querystring, c.query ?? {})) return true;
  if (route.schema.body && c.body && fails(route.schema.body, JSON.parse(JSON.stringify(c.body.json))))
    return true;
  return false;
}

/** Strings for one path or query parameter: mostly what its schema accepts, sometimes anything hostile. */
function paramValues(s: JsonSchema | undefined, optional: boolean): fc.Arbitrary<Record<string, string>> {
  const props = Object.entries(s?.properties ?? {});
  const model = Object.fromEntries(
    props.map(([k, p]) => [
      k,
      fc.oneof(
        {
          weight: 3,
          arbitrary: validValue(p)
            .map(String)
            .filter((v) => v !== ''),
        },
        { weight: 1, arbitrary: hostileUrlText },
      ),
    ]),
  );
  return fc.record(model, { requiredKeys: optional ? [] : props.map(([k]) => k) }) as fc.Arbitrary<
    Record<string, string>
  >;
}

function caseFor(route: FuzzRoute): fc.Arbitrary<Case> {
  const raw = fc.constantFrom(...RAW_BODIES).map((r): Body => ({ raw: r }));
  let body: fc.Arbitrary<Body | undefined> = fc.constant(undefined);
  if (route.method !== 'GET') {
    const bad = route.body ? invalidValue(route.body) : null;
    body = route.body
      ? fc.oneof(
          ...(bad ? [{ weight: 6, arbitrary: bad.map((v): Body => ({ json: v })) }] : []),
          { weight: 2, arbitrary: validValue(route.body).map((v): Body => ({ json: v })) },
          { weight: 2, arbitrary: raw },
        )
      : // No body schema (logout, /upload, ...): only bodies that cannot reach the handler.
        raw;
  }
  return fc.record({
    params: route.params ? paramValues(route.params, false) : fc.constant(undefined),
    query: route.query ? paramValues(route.query, true) : fc.constant(undefined),
    body,
  });
}

/** Documents written under DATA_DIR/uploads by the server. */
const storedFiles = () => (fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir) : []);

afterAll(async () => {
  await t.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe(`generated bad input never gets past validation, never a 5xx (${testDbKind})`, () => {
  it('covers every route that takes input', () => {
    expect(fuzzRoutes.length).toBeGreaterThan(50);
    // Every JSON body the server validates is in the OpenAPI document the generators read.
    expect(fuzzRoutes.filter((r) => r.schema.body && !r.body).map(keyOf)).toEqual([]);
  });

  fuzzRoutes.forEach((route, index) => {
    it(`${route.method} ${route.url}`, async () => {
      const before = await snapshot(t.db);
      await fc.assert(
        fc.asyncProperty(caseFor(route), async (c) => {
          fc.pre(refusedBySchemas(route, c));
          const r = await send(route, c);
          const wrong = refusal(r);
          if (wrong) throw new Error(`${wrong}: ${r.text.slice(0, 300)}\n  case ${describeCase(c)}`);
        }),
        { seed: SEED + index, numRuns: RUNS, includeErrorInReport: true },
      );
      if (route.method !== 'GET') {
        // One body over the 256 KB limit: 413, before anything reads it.
        const huge = await send(route, {
          params: validParams(route),
          body: { json: { x: 'A'.repeat(BODY_LIMIT + 1024) } },
        });
        expect(huge.status, huge.text).toBe(413);
        expect(refusal(huge)).toBeNull();
      }
      expect(await snapshot(t.db)).toEqual(before);
      expect(storedFiles()).toEqual([]);
    });
  });

  /** Params the route's schema accepts, so that a body case is judged on the body. */
  function validParams(route: FuzzRoute): Record<string, string> | undefined {
    if (!route.params) return undefined;
    return fc.sample(
      paramValues(route.params, false).filter((p) => !fails(route.schema.params, p)),
      {
        seed: SEED,
        numRuns: 1,
      },
    )[0];
  }

  it('answers hostile values in free-text path parameters with 4xx', async () => {
    const before = await snapshot(t.db);
    const failures: string[] = [];
    for (const route of fuzzRoutes.filter((r) => r.method === 'GET' && r.params)) {
      const params = validParams(route)!;
      const shape = (route.schema.params as { shape?: Record<string, ZodType> } | undefined)?.shape ?? {};
      for (const [name, schema] of Object.entries(shape)) {
        // Free text only: ids, enums and numbers refuse these values, which the generated cases cover.
        const json = route.params?.properties?.[name];
        if (json?.type !== 'string' || json.pattern || json.enum) continue;
        for (const value of HOSTILE.filter((v) => v !== '' && schema.safeParse(v).success)) {
          const r = await send(route, { params: { ...params, [name]: value } });
          const wrong = refusal(r);
          if (wrong) failures.push(`${route.url} ${name}=${JSON.stringify(value)}: ${wrong}`);
        }
      }
    }
    // Percent-encoding that does not decode, and a parameter longer than the router takes.
    for (const route of fuzzRoutes.filter((r) => r.method === 'GET' && r.params)) {
      const name = Object.keys(route.params!.properties!)[0]!;
      for (const bad of ['%E0%A4%A', '%', '%zz', 'A'.repeat(150)]) {
        const url = fillPath(route.url, { ...validParams(route), [name]: 'PLACEHOLDER' }).replace(
          'PLACEHOLDER',
          bad,
        );
        const res = await fetch(t.base + url, {
          headers: { accept: 'application/json', ...t.auth(token) },
          signal: timeout(),
        });
        const text = await res.text();
        const wrong = refusal({
          status: res.status,
          type: res.headers.get('content-type') ?? '',
          text,
          json: safeJson(text),
        });
        if (wrong) failures.push(`${url.slice(0, 80)}: ${wrong} ${text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe(`hostile but well-formed list queries (${testDbKind})`, () => {
  /** Column names the list's own answer uses: the fields its filters and sorting are likely to allow. */
  function fieldNames(s: JsonSchema | undefined, into = new Set<string>()): Set<string> {
    if (!s) return into;
    for (const [k, p] of Object.entries(s.properties ?? {})) {
      into.add(k);
      fieldNames(p, into);
    }
    fieldNames(s.items, into);
    if (typeof s.additionalProperties === 'object') fieldNames(s.additionalProperties, into);
    for (const b of s.anyOf ?? s.oneOf ?? []) fieldNames(b, into);
    return into;
  }
  /**
   * Lists taking the common paged body (docs/product.md [api.paged]): filters keyed by allow-listed fields.
   */
  const lists = fuzzRoutes.filter((r) => {
    const filters = r.body?.properties?.filters?.additionalProperties;
    return typeof filters === 'object' && filters.properties?.filterType !== undefined;
  });

  it('finds the paged lists', () => {
    expect(lists.length).toBeGreaterThanOrEqual(5);
  });

  const listParams = (route: FuzzRoute) =>
    route.params
      ? paramValues(route.params, false).filter((p) => !fails(route.schema.params, p))
      : fc.constant(undefined);
  /**
   * A request the list answers with 200 (its params and required fields such as a tab), and the fields
   * it lets callers filter and sort on, found through the API itself: a filter with an empty value is
   * checked against the allow-list but adds no condition.
   */
  async function allowList(route: FuzzRoute) {
    const tries = fc.sample(fc.tuple(listParams(route), validValue(route.body!)), {
      seed: SEED,
      numRuns: 40,
    });
    let found: { params: Record<string, string> | undefined; base: object } | undefined;
    for (const [params, value] of tries) {
      const {
        sortField: _s,
        filters: _f,
        page: _p,
        sizePerPage: _z,
        ...base
      } = value as Record<string, unknown>;
      if ((await send(route, { params, body: { json: base } })).status === 200) {
        found = { params, base };
        break;
      }
    }
    if (!found) throw new Error('no request this list answers with 200');
    const { params, base } = found;
    const body = (extra: object) => ({ ...base, ...extra });
    const candidates = [...fieldNames(route.op?.responses?.['200']?.content?.['application/json']?.schema)];
    const filterable: string[] = [];
    const sortable: string[] = [];
    for (const field of candidates) {
      const f = { filters: { [field]: { filterType: 'TEXT', filterVal: '' } } };
      if ((await send(route, { params, body: { json: body(f) } })).status === 200) filterable.push(field);
      if ((await send(route, { params, body: { json: body({ sortField: field }) } })).status === 200)
        sortable.push(field);
    }
    return { params, body, filterable, sortable };
  }

  const NASTY_FILTER_VALUES: unknown[] = [
    'a\u0000b',
    "' or 1=1 --",
    '💸',
    '%_\\',
    1.5,
    -1,
    1e300,
    -1e300,
    2 ** 53 + 2,
  ];

  lists.forEach((route, index) => {
    it(`${route.method} ${route.url}`, async () => {
      const before = await snapshot(t.db);
      const { params, body: listBody, filterable, sortable } = await allowList(route);
      expect(filterable.length, 'filterable fields found').toBeGreaterThan(0);
      const failures: string[] = [];
      /** The list (200) or a 4xx naming the field; never a 5xx or anything but JSON. */
      const judge = (r: Reply, c: Case): string | null => {
        const ok =
          r.status === 200 ? r.type.startsWith('application/json') : refusal(r) === null && r.status !== 403;
        return ok ? null : `status ${r.status}: ${r.text.slice(0, 200)}\n  case ${describeCase(c)}`;
      };
      const check = async (c: Case) => {
        const wrong = judge(await send(route, c), c);
        if (wrong) failures.push(wrong);
      };
      // Every allowed filter with every nasty value, and every sortable field on an absurd page.
      for (const field of filterable) {
        for (const filterVal of NASTY_FILTER_VALUES) {
          const filterType = typeof filterVal === 'number' ? 'NUMBER' : 'TEXT';
          await check({
            params,
            body: { json: listBody({ filters: { [field]: { filterType, filterVal } } }) },
          });
        }
      }
      for (const sortField of sortable) {
        const sort = { sortField, sortOrder: 'asc', page: Number.MAX_SAFE_INTEGER, filters: {} };
        await check({ params, body: { json: listBody(sort) } });
      }
      expect(failures).toEqual([]);

      // Then random combinations, mostly on allowed fields.
      const field = (allowed: string[]) =>
        fc.oneof(
          { weight: 9, arbitrary: fc.constantFrom(...allowed) },
          { weight: 1, arbitrary: hostileText },
        );
      const filter = fc.record(
        {
          filterType: fc.constantFrom('TEXT', 'NUMBER', 'SELECT', 'DATE'),
          filterVal: fc.oneof(
            hostileText.filter((v) => v.length <= 200),
            fc.constantFrom(...NASTY_FILTER_VALUES),
          ),
          numericVal: fc.constantFrom(0, -1, 1.5, 1e300, -1e300, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER),
          comparisonType: fc.constantFrom('=', '>', '>=', '<', '<=', '!=', 'LIKE'),
        },
        { requiredKeys: ['filterType', 'filterVal'] },
      );
      const body = fc
        .record({
          page: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.constant(Number.MAX_SAFE_INTEGER)),
          sizePerPage: fc.integer({ min: 1, max: 100 }),
          sortField: fc.option(field(sortable.length > 0 ? sortable : filterable), { nil: undefined }),
          sortOrder: fc.constantFrom('asc', 'desc'),
          filters: fc.dictionary(field(filterable), filter, { maxKeys: 3 }),
        })
        .map(({ sortField, ...rest }) =>
          listBody({ ...rest, ...(sortField === undefined ? {} : { sortField }) }),
        );
      await fc.assert(
        fc.asyncProperty(body, async (json) => {
          const c: Case = { params, body: { json } };
          const wrong = judge(await send(route, c), c);
          if (wrong) throw new Error(wrong);
        }),
        { seed: SEED + 1000 + index, numRuns: RUNS, includeErrorInReport: true },
      );
      expect(await snapshot(t.db)).toEqual(before);
    });
  });

  it('treats injection and wildcards in a text filter as data', async () => {
    const list = (filterVal: string) =>
      t.call(
        calls.clients.pageUsers,
        { params: { status: 'all' }, body: { filters: { name: { filterType: 'TEXT', filterVal } } } },
        t.auth(token),
      );
    expect((await list('')).body.totalSize).toBeGreaterThan(5);
    for (const value of [...SQL_INJECTION, '%', '_', '\\', "%' or '1'='1"]) {
      const r = await list(value);
      expect(r.status, value).toBe(200);
      expect(r.body.totalSize, value).toBe(0);
    }
  });
});

describe(`hostile text that reaches the database is stored as data (${testDbKind})`, () => {
  const texts = [...SQL_INJECTION, ...MARKUP, ...TRAVERSAL, ...UNICODE].filter((s) => s.trim() !== '');
  const call = (def: CallDef, body: unknown) => t.raw(def, { body }, t.auth(token));
  let n = 0;
  /** Each field, and every value of it now stored where the write goes. */
  const writes: {
    field: string;
    max: number;
    save: (text: string) => Promise<{ status: number; body: unknown }>;
    stored: () => Promise<(string | null)[]>;
  }[] = [
    {
      field: 'event',
      max: 2000,
      save: (event) => call(calls.clients.addLog, { userId: clientId, event }),
      stored: async () =>
        (await t.db.select().from(clientLogs).where(eq(clientLogs.userId, clientId))).map((r) => r.event),
    },
    {
      field: 'groupName',
      max: 120,
      save: (groupName) =>
        call(calls.groups.addGroup, { groupId: `g-${++n}`, groupName, groupStatus: 'active' }),
      stored: async () => (await t.db.select().from(groups)).map((g) => g.groupName),
    },
    {
      field: 'reason',
      max: 2000,
      save: (reason) => call(calls.clients.processUser, { userId: clientId, status: 'pending', reason }),
      stored: async () =>
        (await t.db.select().from(users).where(eq(users.id, clientId))).map((u) => u.reason),
    },
    {
      field: 'surname',
      max: 100,
      save: (surname) =>
        call(calls.staff.inviteStaff, {
          name: 'Ivy',
          surname,
          email: `invite-${++n}@fuzz.test`,
          role: 'ADMIN',
        }),
      stored: async () =>
        (await t.db.select().from(users).where(like(users.email, 'invite-%@fuzz.test'))).map(
          (u) => u.surname,
        ),
    },
    {
      field: 'name',
      max: 120,
      save: (name) => call(calls.clients.editUser, { _id: clientId, role: 'USER', status: 'pending', name }),
      stored: async () => (await t.db.select().from(users).where(eq(users.id, clientId))).map((u) => u.name),
    },
  ];

  it('stores injection, markup, traversal and unicode verbatim, and refuses NUL with 400', async () => {
    const failures: string[] = [];
    for (const w of writes) {
      for (const text of texts.filter((s) => s.length <= w.max)) {
        const r = await w.save(text);
        const stored = await w.stored();
        const label = `${w.field}=${JSON.stringify(text)}`;
        if (text.includes('\u0000')) {
          const errors = (r.body as { errors?: object }).errors ?? {};
          if (r.status !== 400 || !(w.field in errors))
            failures.push(`${label}: ${r.status} ${JSON.stringify(r.body)}`);
          if (stored.some((v) => v?.includes('\u0000'))) failures.push(`${label}: refused but stored`);
        } else if (r.status !== 200 || !stored.includes(text.trim())) {
          failures.push(`${label}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Nothing was dropped or widened: the tables still hold the seeded rows.
    expect((await t.db.select().from(users)).length).toBeGreaterThan(10);
  });
});

describe(`malformed multipart forms on POST /upload (${testDbKind})`, () => {
  type Part =
    { name: string; value: string } | { name: string; filename: string; data: Buffer; type: string };
  const post = async (body: RequestInit['body'], headers: Record<string, string> = {}) => {
    const res = await fetch(t.base + urlOf(calls.banks.uploadDocument), {
      method: 'POST',
      body,
      headers: { ...t.auth(token), ...headers },
      signal: timeout(),
    });
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type') ?? '', text, json: safeJson(text) };
  };
  const form = (parts: Part[]) => {
    const f = new FormData();
    for (const p of parts) {
      if ('value' in p) f.append(p.name, p.value);
      else f.append(p.name, new Blob([new Uint8Array(p.data)], { type: p.type }), p.filename);
    }
    return f;
  };
  const isDocument = (b: Buffer) =>
    [PDF, PNG, JPEG].some((d) => b.length > 0 && b.subarray(0, 4).equals(d.subarray(0, 4)));
  /** What the server accepts: one known client, one PDF/PNG/JPEG file named without NUL, nothing else. */
  const acceptable = (parts: Part[]) => {
    const ids = parts.filter((p) => p.name === 'userId');
    const files = parts.filter((p) => p.name === 'file');
    const file = files[0];
    return (
      parts.length === 2 &&
      ids.length === 1 &&
      'value' in ids[0]! &&
      ids[0].value === clientId &&
      files.length === 1 &&
      file !== undefined &&
      'data' in file &&
      isDocument(file.data) &&
      !file.filename.includes('\u0000')
    );
  };

  it('refuses every generated malformed form with a 4xx, storing nothing', async () => {
    const content = fc.constantFrom(
      PDF,
      PNG,
      JPEG,
      HTML,
      Buffer.alloc(0),
      Buffer.from('GIF89a;'),
      Buffer.from([0, 1, 2]),
    );
    const filename = fc.oneof(
      fc.constantFrom(
        ...TRAVERSAL.map((s) => `${s}.pdf`),
        'a\u0000b.pdf',
        '💸.pdf',
        '\u202Egnp.pdf',
        `${'x'.repeat(300)}.pdf`,
      ),
      hostileUrlText,
    );
    const part: fc.Arbitrary<Part> = fc.oneof(
      fc
        .oneof(fc.constant(clientId), fc.constant(newId()), hostileUrlText)
        .map((value) => ({ name: 'userId', value })),
      fc.record({
        name: fc.constant('file'),
        filename,
        data: content,
        type: fc.constantFrom('application/pdf', 'text/html', 'image/png', 'application/octet-stream'),
      }),
      fc.record({
        name: fc.constantFrom(...UNKNOWN_KEYS.filter((k) => k !== ''), 'note'),
        value: hostileUrlText,
      }),
    );
    const before = await snapshot(t.db);
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 7 }), async (parts) => {
        fc.pre(!acceptable(parts));
        const r = await post(form(parts));
        const wrong = refusal(r);
        if (wrong) throw new Error(`${wrong}: ${r.text.slice(0, 300)}`);
      }),
      { seed: SEED + 2000, numRuns: 40, includeErrorInReport: true },
    );
    expect(await snapshot(t.db)).toEqual(before);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses broken multipart framing and other content types', async () => {
    const boundary = 'XyZ';
    const head = (name: string, filename?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n`;
    const cases: { label: string; body: string | Buffer; type: string }[] = [
      {
        label: 'multipart/mixed',
        body: `${head('userId')}${clientId}\r\n--${boundary}--\r\n`,
        type: `multipart/mixed; boundary=${boundary}`,
      },
      {
        label: 'boundary mismatch',
        body: `${head('userId')}${clientId}\r\n--other--\r\n`,
        type: `multipart/form-data; boundary=${boundary}`,
      },
      {
        label: 'headers only',
        body: `--${boundary}\r\nContent-Disposition: form-data; name="file"`,
        type: `multipart/form-data; boundary=${boundary}`,
      },
      {
        label: 'no closing boundary',
        body: `${head('file', 'a.pdf')}${PDF.toString('latin1')}`,
        type: `multipart/form-data; boundary=${boundary}`,
      },
      {
        label: 'too many parts',
        body: [...Array(7).keys()].map((i) => `${head(`f${i}`)}x\r\n`).join('') + `--${boundary}--\r\n`,
        type: `multipart/form-data; boundary=${boundary}`,
      },
      {
        label: 'oversized field',
        body: `${head('userId')}${clientId}${'0'.repeat(5000)}\r\n${head('file', 'a.pdf')}${PDF.toString('latin1')}\r\n--${boundary}--\r\n`,
        type: `multipart/form-data; boundary=${boundary}`,
      },
      {
        label: 'traversal in the field name',
        body: `${head('../../etc/passwd')}x\r\n${head('file', 'a.pdf')}${PDF.toString('latin1')}\r\n--${boundary}--\r\n`,
        type: `multipart/form-data; boundary=${boundary}`,
      },
      { label: 'text/plain', body: 'userId=x', type: 'text/plain' },
      { label: 'empty multipart', body: '', type: `multipart/form-data; boundary=${boundary}` },
    ];
    const before = await snapshot(t.db);
    const failures: string[] = [];
    for (const c of cases) {
      const r = await post(typeof c.body === 'string' ? c.body : new Uint8Array(c.body), {
        'content-type': c.type,
      });
      const wrong = refusal(r);
      if (wrong) failures.push(`${c.label}: ${wrong} ${r.text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshot(t.db)).toEqual(before);
    expect(storedFiles()).toEqual([]);
  });

  it('keeps hostile original names out of the stored name', async () => {
    for (const name of [
      '💸 statement.pdf',
      '\u202Egnp.pdf',
      "'; drop table users; --.pdf",
      '<script>x</script>.pdf',
    ]) {
      const r = await post(
        form([
          { name: 'userId', value: clientId },
          { name: 'file', filename: name, data: PDF, type: 'application/pdf' },
        ]),
      );
      expect(r.status, name).toBe(200);
      expect((r.json as { file: string }).file).toMatch(
        new RegExp(`^${clientId}-\\d+-[A-Za-z0-9_-]+\\.pdf$`),
      );
    }
    expect(storedFiles().every((f) => f.startsWith(`${clientId}-`))).toBe(true);
  });
});
