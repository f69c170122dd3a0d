import type { APIResponse, Page, Request, Response } from '@playwright/test';
import { expect } from '@playwright/test';
import {
  calls,
  urlOf,
  type CallBody,
  type CallDef,
  type CallInput,
  type CallReply,
  type Deposit,
  type FundingType,
  type JsonCall,
  type NeedsNoInput,
  type Transfer,
  type Withdrawal,
} from '@brokerdesk/contract';

/** Text to match literally inside a RegExp (row names hold emails, amounts and the like). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A call's input as the definition asks for it: left out when the call takes none. */
type InputArgs<D extends CallDef> =
  NeedsNoInput<D> extends true ? [input?: CallInput<D>] : [input: CallInput<D>];
type Parts = {
  params?: Record<string, string | number | boolean>;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
};
type ParamValues = Record<string, string | number>;

/**
 * The reply of a call read as the console reads it: checked against the definition's response schema,
 * so a spec gets the reply's exact type and a reply the contract does not describe fails here.
 */
export async function replyOf<D extends JsonCall>(
  def: D,
  response: { json: () => Promise<unknown> },
): Promise<CallReply<D>> {
  return def.response.parse(await response.json()) as CallReply<D>;
}

/**
 * Calls the API as a staff member, through the contract's definitions, to pick test data and check what
 * the screens did. The session is the one signed in on `page`, or the one `token` names (a colleague's
 * session, ended or not).
 */
export async function apiOf(page: Page, token?: string | null) {
  const bearer = token === undefined ? await page.evaluate(() => localStorage.getItem('token')) : token;
  const headers = { authorization: `Bearer ${bearer}` };
  /** Sends the call and hands back the response as it came: for a spec that checks the status itself. */
  const send = <D extends CallDef>(def: D, ...[input]: InputArgs<D>): Promise<APIResponse> => {
    const parts = (input ?? {}) as Parts;
    return page.request.fetch(urlOf(def, parts), {
      method: def.method,
      headers,
      ...(def.method === 'POST' ? { data: parts.body ?? {} } : {}),
    });
  };
  return {
    send,
    /** Makes the call, expects it to succeed (200), and returns its reply typed by the definition. */
    call: async <D extends JsonCall>(def: D, ...args: InputArgs<D>): Promise<CallReply<D>> => {
      const r = await send(def, ...args);
      expect(r.status(), `${def.method} ${r.url()}`).toBe(200);
      return replyOf(def, r);
    },
  };
}

export type Api = Awaited<ReturnType<typeof apiOf>>;

type FundingRowOf = { deposit: Deposit; withdrawal: Withdrawal; transfer: Transfer };

/**
 * One page of the deposits, withdrawals or transfers. The list's reply types its rows as any of the three;
 * it answers rows of the type asked for, so they are typed as that one here.
 */
export async function fundingPage<T extends FundingType>(
  api: Api,
  body: CallBody<typeof calls.funding.listFundingRequests> & { type: T },
) {
  const { data } = await api.call(calls.funding.listFundingRequests, { body });
  return { ...data, transfers: data.transfers as FundingRowOf[T][] };
}

/** The path pattern of a call as a RegExp: each parameter as the value given, or as any one segment. */
function pathPattern(def: CallDef, params: ParamValues = {}): RegExp {
  const source = def.path
    .split(/(:[A-Za-z_][A-Za-z0-9_]*)/)
    .map((part) => {
      if (!part.startsWith(':')) return escapeRegExp(part);
      const value = params[part.slice(1)];
      return value === undefined ? '[^/]+' : escapeRegExp(encodeURIComponent(String(value)));
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * Whether an address is the one of a call, whatever its query: for page.route(), which matches
 * addresses. `params` pins path parameters; the others may hold any value.
 */
export function atCall(def: CallDef, params?: ParamValues): (url: URL | string) => boolean {
  const pattern = pathPattern(def, params);
  return (url) => pattern.test(new URL(url).pathname);
}

/**
 * Whether a browser request, or the response to one, is this call (its method and address): for
 * waitForRequest() and waitForResponse(), to follow the calls the screens make.
 */
export function isCall(def: CallDef, params?: ParamValues): (r: Request | Response) => boolean {
  const at = atCall(def, params);
  return (r) => {
    const request = 'request' in r ? r.request() : r;
    return request.method() === def.method && at(request.url());
  };
}
