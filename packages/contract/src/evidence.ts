import { z } from 'zod';
import { epochSchema, idSchema } from './common.ts';
import { currencySchema } from './entities.ts';

/**
 * The client's money picture (docs/product.md [evidence.money-picture]): per currency, what came in by
 * method and source, what went out by method and destination, the net; the trading since each approved
 * deposit; KYC, bank details and account age; and the return-to-source proposal of a withdrawal
 * (docs/product.md [evidence.return-to-source]). Amounts are per currency, never converted.
 */

/** One of the currencies the console keeps money in (EUR, GBP, USD). */
export type Currency = z.infer<typeof currencySchema>;

export const moneyPictureParams = z.object({ userId: idSchema });
/** `withdrawalId`: the withdrawal whose return to source is proposed (else the client's latest open one). */
export const moneyPictureQuery = z.object({ withdrawalId: idSchema.optional() });

/** Shown for a deposit or withdrawal stored without an identifier (docs/product.md [evidence.identifiers]). */
export const SOURCE_UNKNOWN = 'source unknown';
/** What the rest of a withdrawal lacks when no bank account qualifies (docs/product.md [evidence.rest]). */
export const NO_VERIFIED_BANK = 'no verified bank account in the client\u2019s name';
/** The one difference of a proposal that changes nothing the client asked for. */
export const FOLLOWS_RETURN_TO_SOURCE = 'The request already follows return to source.';
/** Shown instead of the trading since a deposit when the platform did not answer. */
export const TRADING_UNKNOWN = 'trading unknown';

const amount = z.number();

/** One method and source (or destination) of a currency: how many approved requests and how much. */
export const moneyLineSchema = z.object({
  /** The request's type as stored: card, wire, crypto, ewallet (deposits); wire, crypto, others (withdrawals). */
  method: z.string(),
  /** The payment name as the client chose it (Visa, Skrill, Bank Transfer). */
  label: z.string(),
  /** The identifier (masked card, wallet, IBAN ...); null reads "source unknown". */
  identifier: z.string().nullable(),
  count: z.number().int().nonnegative(),
  amount,
  firstAt: epochSchema,
  lastAt: epochSchema,
});
export type MoneyLine = z.infer<typeof moneyLineSchema>;

export const currencyPictureSchema = z.object({
  currency: currencySchema,
  /** Approved deposits, by method and source, oldest source first. */
  deposits: z.array(moneyLineSchema),
  /** Approved withdrawals, by method and destination, oldest first. */
  withdrawals: z.array(moneyLineSchema),
  depositedTotal: amount,
  withdrawnTotal: amount,
  /** Deposited less withdrawn. */
  net: amount,
  /** Withdrawals still open (pending or incomplete): asked for, not paid. */
  openWithdrawals: amount,
});
export type CurrencyPicture = z.infer<typeof currencyPictureSchema>;

export const tradingSinceSchema = z.discriminatedUnion('known', [
  z.object({
    known: z.literal(true),
    trades: z.number().int().nonnegative(),
    /** Lots over every symbol. */
    volumeLots: z.number(),
    /** Realised profit, in the account's currency. */
    profit: z.number(),
    /** False when the platform gave only part of the window: the figures are at least these. */
    complete: z.boolean(),
  }),
  z.object({ known: z.literal(false), reason: z.string() }),
]);
export type TradingSince = z.infer<typeof tradingSinceSchema>;

export const depositTradingSchema = z.object({
  depositId: idSchema,
  /** When the money reached the account (approval time; the request's time when none was kept). */
  at: epochSchema,
  currency: currencySchema,
  amount,
  method: z.string(),
  identifier: z.string().nullable(),
  accountNumber: z.number().int(),
  trading: tradingSinceSchema,
});
export type DepositTrading = z.infer<typeof depositTradingSchema>;

export const proposalLineSchema = z.object({
  /** `source`: back to a deposit source; `bank`: the rest to a verified bank account; `none`: nowhere yet. */
  kind: z.enum(['source', 'bank', 'none']),
  method: z.string(),
  /** The card, wallet or account; null for `none`. */
  identifier: z.string().nullable(),
  amount,
  /** For `source`: what came in from it and what was already returned to it. */
  deposited: amount.optional(),
  returned: amount.optional(),
  /** For `none`: why ("no verified bank account in the client's name"). */
  reason: z.string().optional(),
});
export type ProposalLine = z.infer<typeof proposalLineSchema>;

export const returnToSourceSchema = z.object({
  withdrawalId: idSchema,
  status: z.string(),
  currency: currencySchema,
  amount,
  /** What the client asked for: the method in words and the destination given. */
  asked: z.object({ method: z.string(), identifier: z.string().nullable() }),
  lines: z.array(proposalLineSchema),
  /** Plain sentences: where the proposal differs from what the client asked, or that it does not. */
  differences: z.array(z.string()),
  /** Refundable deposits stored without an identifier: they cannot be proposed (shown as a warning). */
  unknownRefundable: amount,
});
export type ReturnToSource = z.infer<typeof returnToSourceSchema>;

export const moneyPictureResponse = z.object({
  client: z.object({
    id: idSchema,
    name: z.string(),
    surname: z.string(),
    registeredAt: epochSchema,
    /** Whole days since registration. */
    ageDays: z.number().int().nonnegative(),
  }),
  kyc: z.object({
    /** From the eKYC flags: approved, flagged, pending or not started. */
    status: z.enum(['approved', 'flagged', 'pending', 'not started']),
    documents: z.number().int().nonnegative(),
  }),
  bankDetails: z.object({
    /** verified: at least one approved; else pending, rejected, or none. */
    status: z.enum(['verified', 'pending', 'rejected', 'none']),
    approved: z.number().int().nonnegative(),
    pending: z.number().int().nonnegative(),
    rejected: z.number().int().nonnegative(),
  }),
  currencies: z.array(currencyPictureSchema),
  depositTrading: z.object({
    /** The latest approved deposits, newest first (at most MONEY_PICTURE_TRADED_DEPOSITS). */
    deposits: z.array(depositTradingSchema),
    /** Every approved deposit of the client: more than shown when the list was cut. */
    total: z.number().int().nonnegative(),
  }),
  /** The proposal for the withdrawal asked about, else the latest open one; null when there is none. */
  returnToSource: returnToSourceSchema.nullable(),
  at: epochSchema,
});
export type MoneyPicture = z.infer<typeof moneyPictureResponse>;

/** How many approved deposits the picture reads the trading of (each account is one platform read). */
export const MONEY_PICTURE_TRADED_DEPOSITS = 20;

/**
 * The deposit methods whose refund setting staff keep (docs/product.md [evidence.refundable]): the
 * `depositType` values the payment side writes. A method not listed is never refunded.
 */
export const DEPOSIT_METHODS = ['card', 'ewallet', 'wire', 'crypto'] as const;
export const depositMethodSchema = z.enum(DEPOSIT_METHODS);
export type DepositMethod = z.infer<typeof depositMethodSchema>;
/** A deposit method in the staff's words. */
export const DEPOSIT_METHOD_LABELS: Record<DepositMethod, string> = {
  card: 'Card',
  ewallet: 'E-wallet',
  wire: 'Bank wire',
  crypto: 'Crypto',
};
export const REFUNDABLE_SAVED = 'Refund setting saved.';

export const refundableMethodSchema = z.object({
  method: depositMethodSchema,
  label: z.string(),
  /** Money that came in this way goes back the same way first (return to source). */
  refundable: z.boolean(),
  updatedBy: z.string(),
  updatedAt: epochSchema,
});
export type RefundableMethod = z.infer<typeof refundableMethodSchema>;
export const refundableMethodsResponse = z.object({ methods: z.array(refundableMethodSchema) });
export type RefundableMethodsResponse = z.infer<typeof refundableMethodsResponse>;

export const setRefundableMethodRequest = z.strictObject({
  method: depositMethodSchema,
  refundable: z.boolean(),
});
export type SetRefundableMethodRequest = z.infer<typeof setRefundableMethodRequest>;
export const setRefundableMethodResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  methods: z.array(refundableMethodSchema),
});
