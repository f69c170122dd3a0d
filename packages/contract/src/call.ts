import type { z } from 'zod';

export type CallMethod = 'GET' | 'POST';

/**
 * Who may make a call. `public`: anyone (sign-in, probes); `signed`: a document link opened in a new
 * tab, without a session: its short-lived signature is the permission; `staff`: a live ADMIN or SYSOP
 * session (docs/product.md [roles]); `sysop`: a SYSOP's session only.
 */
export type CallAccess = 'public' | 'signed' | 'staff' | 'sysop';

type CallBase = {
  /** One line for the API docs (OpenAPI `summary`): what the call does for the staff member. */
  summary: string;
  method: CallMethod;
  /** Fastify's pattern: `:name` is a path parameter, filled from `params`. */
  path: `/${string}`;
  access: CallAccess;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Polled by open consoles: does not count as staff activity for the idle timeout. */
  background?: boolean;
  /**
   * Body fields that name the user the call acts on. A client's call refuses a staff member (staff are
   * changed only on the Staff screen); only a SYSOP acts on a SYSOP.
   */
  actsOn?: readonly string[];
  /** The path parameter that names the user the call acts on or reads (the same rule). */
  actsOnParam?: string;
  /** The user it acts on is a staff member: one of the Staff screen's calls. */
  actsOnStaff?: boolean;
};

/** A call that answers JSON, checked against `response` on both sides. */
export type JsonCall = CallBase & { response: z.ZodType };
/** A call that answers something else: a file, CSV, an event stream, a page. */
export type RawCall = CallBase & { response?: undefined; produces: string };
export type CallDef = JsonCall | RawCall;

/** One call of the API: method, path, inputs and reply, read by the server, the web, the docs and tests. */
export function defineCall<const D extends CallDef>(def: D): D {
  return def;
}

type Scalar = string | number | boolean;
type QueryValue = Scalar | readonly Scalar[] | null | undefined;

/** The path parameters a call needs, or nothing. */
export type CallParams<D extends CallDef> = D['params'] extends z.ZodObject
  ? z.input<D['params']>
  : undefined;
export type CallQuery<D extends CallDef> = D['query'] extends z.ZodObject ? z.input<D['query']> : undefined;
export type CallBody<D extends CallDef> = D['body'] extends z.ZodType ? z.input<D['body']> : undefined;
export type CallReply<D extends CallDef> = D extends JsonCall ? z.output<D['response']> : unknown;

/** What the caller passes: only the parts the call has, each required when present. */
export type CallInput<D extends CallDef> = (D['params'] extends z.ZodObject
  ? { params: CallParams<D> }
  : object) &
  (D['query'] extends z.ZodObject ? { query: CallQuery<D> } : object) &
  (D['body'] extends z.ZodType ? { body: CallBody<D> } : object);

/** True when the call can be made with no input at all. */
export type NeedsNoInput<D extends CallDef> = D['params'] extends z.ZodObject
  ? false
  : D['query'] extends z.ZodObject
    ? false
    : D['body'] extends z.ZodType
      ? false
      : true;

/**
 * The address of a call: path parameters filled in (each encoded) and the query appended; empty,
 * null and undefined query values are left out, arrays repeat their key.
 */
export function urlOf(
  def: CallDef,
  input: { params?: Record<string, Scalar>; query?: Record<string, QueryValue> } = {},
): string {
  const path = def.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined || value === '') throw new Error(`${def.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined && one !== null && one !== '') query.append(key, String(one));
    }
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** `GET /api/...`: how the route table, the access matrix and the bench name a call. */
export function callKey(def: Pick<CallDef, 'method' | 'path'>): string {
  return `${def.method} ${def.path}`;
}

/**
 * Every call the guard protects lives under this prefix (plus the upload,
 * docs/product.md [calls.accounts-funding]).
 */
export const API_PREFIX = '/api/';
/** The OpenAPI document and its viewer (@fastify/swagger-ui), for staff. */
export const API_DOCS_PATH = '/api/docs';
