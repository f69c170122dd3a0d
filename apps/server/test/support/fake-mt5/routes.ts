import {
  LedgerError,
  type FakeAccount,
  type FakeDeal,
  type FakeLedger,
  type PasswordType,
} from './ledger.ts';
import { documentedRecord } from '../mt5-docs/index.ts';
import { money } from './wire.ts';

/** The non-handshake calls of the fake. Replies keep MT5's shapes, numbers written as strings. */

export type CallContext = {
  params: Map<string, string>;
  body: unknown;
  ledger: FakeLedger;
  /** The trade server's clock: epoch seconds of its own time zone. */
  now: () => number;
  /** Counts the deal records a call answered with: what a look-up cost. */
  served: (deals: number) => void;
};
export type FakeReply = { status?: number; body: Record<string, unknown> };
type Handler = (ctx: CallContext) => FakeReply;

export const done = (extra: Record<string, unknown> = {}): FakeReply => ({
  body: { retcode: '0 Done', ...extra },
});
export const failed = (code: number, text: string): FakeReply => ({ body: { retcode: `${code} ${text}` } });

/** Replies take their field names from MetaQuotes' documented examples (test/support/mt5-docs). */
function userRecord(a: FakeAccount) {
  return documentedRecord('user-get', {
    Login: String(a.login),
    Group: a.group,
    Name: a.name,
    Leverage: String(a.leverage),
    Balance: money(a.balance),
    Credit: '0.00',
    Rights: '2403',
    Registration: String(a.registration),
  });
}

function accountState(a: FakeAccount) {
  return documentedRecord('user-account-get', {
    Login: String(a.login),
    Balance: money(a.balance),
    Credit: '0.00',
    Equity: money(a.balance),
    Margin: '0.00',
    MarginFree: money(a.balance),
    MarginLevel: '0.00',
    MarginLeverage: String(a.leverage),
    Profit: '0.00',
  });
}

/** A deal as MT5 answers it: for a trade, Volume in 1/10,000 lot and VolumeExt in 1/100,000,000 lot. */
function dealRecord(d: FakeDeal) {
  const trade: Record<string, string> =
    d.volumeExt === undefined
      ? {}
      : {
          Symbol: d.symbol ?? '',
          Entry: String(d.entry ?? 0),
          Volume: String(Math.floor(d.volumeExt / 10_000)),
          VolumeExt: String(d.volumeExt),
        };
  return documentedRecord('deal-get-page', {
    Deal: String(d.deal),
    Login: String(d.login),
    Action: String(d.action),
    Profit: money(d.profit),
    Comment: d.comment,
    Time: String(d.time),
    TimeMsc: String(d.time * 1000),
    ...trade,
  });
}

function groupRecord(name: string) {
  return documentedRecord('group-next', {
    Group: name,
    Currency: 'USD',
    CurrencyDigits: '2',
    MarginCall: '100',
    MarginStopOut: '50',
  });
}

/**
 * The fake's own reading of a group mask: comma separated names, `*` any text, `!` leaves out. An
 * empty mask names no group (the real server refuses it; here it simply matches nothing).
 */
function maskTest(mask: string): (group: string) => boolean {
  const toTest = (pattern: string) => {
    const pieces = pattern.split('*');
    return (g: string) => {
      if (pieces.length === 1) return g === pattern;
      if (!g.startsWith(pieces[0]!) || !g.endsWith(pieces[pieces.length - 1]!)) return false;
      let at = pieces[0]!.length;
      for (const piece of pieces.slice(1, -1)) {
        const found = g.indexOf(piece, at);
        if (found < 0) return false;
        at = found + piece.length;
      }
      return at <= g.length - pieces[pieces.length - 1]!.length;
    };
  };
  const parts = mask.split(',').filter((p) => p !== '');
  const keep = parts.filter((p) => !p.startsWith('!')).map(toTest);
  const drop = parts.filter((p) => p.startsWith('!')).map((p) => toTest(p.slice(1)));
  return (g) => keep.some((t) => t(g)) && !drop.some((t) => t(g));
}

/** A whole number from the query or body, or NaN: the ledger turns NaN into a retcode. */
function int(value: unknown): number {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
}

function obj(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function passwordType(value: unknown): PasswordType {
  if (value === 'main' || value === 'investor') return value;
  throw new LedgerError(3, 'Invalid parameters');
}

function found(login: number, ledger: FakeLedger): FakeAccount {
  const a = ledger.account(login);
  if (!a) throw new LedgerError(13, 'Not found');
  return a;
}

const handlers: Record<string, Handler> = {
  '/api/test/access': () => done(),
  '/api/time/server': ({ now }) => {
    const t = now();
    const printed = new Date(t * 1000).toISOString().replace(/-/g, '.').replace('T', ' ').slice(0, 19);
    return done({ answer: documentedRecord('time-server', { Time: `${t} ${printed}` }) });
  },
  '/api/user/add': ({ params, body, ledger }) => {
    const b = obj(body);
    const created = ledger.add({
      login: params.has('login') ? int(params.get('login')) : undefined,
      group: params.get('group') ?? '',
      name: params.get('name') ?? '',
      leverage: int(params.get('leverage')),
      passwordMain: str(b.PassMain) ?? '',
      passwordInvestor: str(b.PassInvestor) ?? '',
    });
    return done({ login: String(created.login), answer: userRecord(created) });
  },
  '/api/user/get': ({ params, ledger }) =>
    done({ answer: userRecord(found(int(params.get('login')), ledger)) }),
  '/api/user/account/get': ({ params, ledger }) =>
    done({ answer: accountState(found(int(params.get('login')), ledger)) }),
  '/api/user/update': ({ params, body, ledger }) => {
    // The body may carry the whole record, and every field it carries is written back, as MT5 does;
    // the query names single fields and wins. A value MT5 does not accept (a leverage the group does
    // not allow, an unknown group) is left as it was, and the answer is still 0 Done with the record.
    const b = obj(body);
    ledger.userUpdates.push({
      login: int(params.get('login')),
      fields: [...[...params.keys()].filter((k) => k !== 'login'), ...Object.keys(b)],
    });
    const leverage = params.get('leverage') ?? str(b.Leverage);
    const updated = ledger.update(int(params.get('login')), {
      name: params.get('name') ?? str(b.Name),
      group: params.get('group') ?? str(b.Group),
      leverage: leverage === undefined ? undefined : int(leverage),
    });
    return done({ answer: userRecord(updated) });
  },
  '/api/user/check_password': ({ body, ledger }) => {
    const b = obj(body);
    ledger.checkPassword(int(b.Login), passwordType(b.Type), str(b.Password) ?? '');
    return done();
  },
  '/api/user/change_password': ({ body, ledger }) => {
    const b = obj(body);
    ledger.changePassword(int(b.Login), passwordType(b.Type), str(b.Password) ?? '');
    return done();
  },
  '/api/trade/balance': ({ params, ledger }) => {
    if (params.get('type') !== '2') throw new LedgerError(3, 'Invalid parameters');
    const raw = params.get('balance') ?? '';
    const amount = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
    const deal = ledger.balance(
      int(params.get('login')),
      amount,
      params.get('comment') ?? '',
      params.get('check_margin') !== '0',
    );
    return done({ answer: documentedRecord('trade-balance', { Ticket: String(deal.deal) }) });
  },
  '/api/deal/get_batch': ({ params, ledger, served }) => {
    const from = int(params.get('from') ?? '');
    const to = int(params.get('to') ?? '');
    // By logins or by groups, never both (the documented rule); from and to are required with either.
    const byLogin = params.has('login');
    const byGroup = params.has('group');
    if (byLogin === byGroup || [from, to].some(Number.isNaN)) throw new LedgerError(3, 'Invalid parameters');
    let deals: FakeDeal[];
    if (byLogin) {
      const logins = (params.get('login') ?? '').split(',').map(int);
      if (logins.some(Number.isNaN)) throw new LedgerError(3, 'Invalid parameters');
      deals = logins.flatMap((login) => ledger.dealsIn(login, from, to));
    } else {
      const inMask = maskTest(params.get('group') ?? '');
      const members = new Set(
        ledger
          .accounts()
          .filter((a) => inMask(a.group))
          .map((a) => a.login),
      );
      deals = ledger.deals().filter((d) => members.has(d.login) && d.time >= from && d.time <= to);
    }
    served(deals.length);
    return done({ answer: deals.map(dealRecord) });
  },
  /** One login's deals in [from, to] (server time), `total` of them from `offset`, in time order. */
  '/api/deal/get_page': ({ params, ledger, served }) => {
    const [login, from, to, offset, total] = ['login', 'from', 'to', 'offset', 'total'].map((k) =>
      int(params.get(k) ?? ''),
    );
    // At most 100 deals a page, as documented.
    if ([login, from, to, offset, total].some(Number.isNaN) || offset! < 0 || total! < 1 || total! > 100) {
      throw new LedgerError(3, 'Invalid parameters');
    }
    const page = ledger.dealsIn(login!, from!, to!).slice(offset, offset! + total!);
    served(page.length);
    return done({ answer: page.map(dealRecord) });
  },
  '/api/group/total': ({ ledger }) =>
    done({ answer: documentedRecord('group-total', { Total: String(ledger.groupNames.length) }) }),
  '/api/group/next': ({ params, ledger }) => {
    const index = int(params.get('index'));
    const names = ledger.groupNames;
    if (!(index >= 0 && index < names.length)) throw new LedgerError(13, 'Not found');
    if (!params.has('count')) return done({ answer: groupRecord(names[index]!) });
    const count = Math.max(1, int(params.get('count')) || 1);
    return done({ answer: names.slice(index, index + count).map(groupRecord) });
  },
  '/api/group/get': ({ params, ledger }) => {
    const name = params.get('group') ?? '';
    if (!ledger.groupNames.includes(name)) throw new LedgerError(13, 'Not found');
    return done({ answer: groupRecord(name) });
  },
};

/** Runs one call; an unknown path is an HTTP 404 as from a real web server. */
export function route(path: string, ctx: CallContext): FakeReply {
  const handler = handlers[path];
  if (!handler) return { status: 404, body: { retcode: '3 Invalid parameters' } };
  try {
    return handler(ctx);
  } catch (err) {
    if (err instanceof LedgerError) return failed(err.retcode, err.message);
    throw err;
  }
}
