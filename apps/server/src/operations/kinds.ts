import { z } from 'zod';
import { MAX_COMMENT_LENGTH } from '../integrations/platform/types.ts';

/**
 * What the outbox can ask of a trading platform, and the payload each kind stores in
 * platform_operations.payload. Payloads are validated on the way in (enqueue) and again on the way
 * out (the worker), since jsonb in the database is not typed.
 */

const login = z.number().int().positive();
const MAX_AMOUNT = 1_000_000_000; // MT5 refuses larger balance deals (4005)

/** Signed, non-zero, at most two decimals: what a balance deal on a USD account can carry. */
const amount = z
  .number()
  .refine((a) => Number.isFinite(a) && a !== 0 && Math.abs(a) <= MAX_AMOUNT, 'a non-zero amount up to 1e9')
  .refine((a) => Number(a.toFixed(2)) === a, 'at most two decimals');

const text = z.string().min(1).max(128);
const secret = z.string().min(1).max(64);

export const operationPayloadSchemas = {
  /**
   * `comment` is the operation's key: MT5 has no idempotency key, so findDeal looks the deal up by it.
   * `since` (epoch seconds): when the request it serves was made, where a look-up for its deal starts
   * (a restored database may send again a request whose deal is days older than the new send);
   * without it, the operation's own creation.
   */
  balance: z.strictObject({
    login,
    amount,
    comment: z.string().min(1).max(MAX_COMMENT_LENGTH),
    since: z.number().int().nonnegative().optional(),
  }),
  setLeverage: z.strictObject({ login, leverage: z.number().int().min(1).max(10_000) }),
  setName: z.strictObject({ login, name: text }),
  /** A move to another group (an MT5 group name, e.g. real\\standard). */
  setGroup: z.strictObject({ login, group: text }),
  /** The password sits in the row only until the operation settles; then it is cleared (see clearSecrets). */
  changePassword: z.strictObject({ login, type: z.enum(['main', 'investor']), password: secret }),
  /**
   * `login` is assigned by the caller before enqueuing, so a retry after an unknown outcome asks for
   * the same login and can recognise its own account. Passwords are cleared once it settles.
   */
  createAccount: z.strictObject({
    login,
    name: text,
    group: text,
    leverage: z.number().int().min(1).max(10_000),
    passwordMain: secret,
    passwordInvestor: secret,
  }),
};

export type OperationKind = keyof typeof operationPayloadSchemas;
export const OPERATION_KINDS = Object.keys(operationPayloadSchemas) as OperationKind[];

export type OperationPayloads = { [K in OperationKind]: z.infer<(typeof operationPayloadSchemas)[K]> };
export type BalancePayload = OperationPayloads['balance'];
export type SetLeveragePayload = OperationPayloads['setLeverage'];
export type SetNamePayload = OperationPayloads['setName'];
export type SetGroupPayload = OperationPayloads['setGroup'];
export type ChangePasswordPayload = OperationPayloads['changePassword'];
export type CreateAccountPayload = OperationPayloads['createAccount'];

/** What a caller passes: a balance op may leave out `comment`, which is always its key. */
export type OperationInputPayloads = Omit<OperationPayloads, 'balance'> & {
  balance: Omit<BalancePayload, 'comment'> & { comment?: string };
};

/** A kind together with its payload, as the worker runs it. */
export type ParsedOperation = {
  [K in OperationKind]: { kind: K; payload: OperationPayloads[K] };
}[OperationKind];

export function isOperationKind(kind: string): kind is OperationKind {
  return Object.hasOwn(operationPayloadSchemas, kind);
}

/** Validates a stored or submitted payload against its kind; the error names what is wrong. */
export function parseOperation(
  kind: string,
  payload: unknown,
): { ok: true; op: ParsedOperation } | { ok: false; error: string } {
  if (!isOperationKind(kind)) return { ok: false, error: `Unknown operation kind "${kind}"` };
  const parsed = operationPayloadSchemas[kind].safeParse(payload);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`);
    return { ok: false, error: `Invalid ${kind} payload (${issues.join('; ')})` };
  }
  return { ok: true, op: { kind, payload: parsed.data } as ParsedOperation };
}

/**
 * The payload as it stays in the row after the operation settled: passwords cleared, so the outbox
 * never keeps a client's password longer than it takes to set it on the platform.
 */
export function clearSecrets(kind: string, payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null) return payload;
  if (kind === 'changePassword') return { ...payload, password: '' };
  if (kind === 'createAccount') return { ...payload, passwordMain: '', passwordInvestor: '' };
  return payload;
}
