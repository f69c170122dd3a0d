import { createHash } from 'node:crypto';
import type { Client, SeedState } from './context.ts';

/**
 * The payment side's identifiers of demo deposits and withdrawals (docs/product.md [evidence.identifiers]).
 * They are worked out from the client's and the row's ids, never drawn from the seed's streams, so every
 * other demo row stays what it was (the browser tests pick their rows from the demo). A client keeps one
 * card (sometimes a second), one e-wallet and one wallet, so money can be seen going back where it came
 * from; about one row in seven keeps none, as the rows made before identifiers were kept.
 */

/** Whole numbers from a text: the same text always gives the same numbers. */
function digitsOf(text: string, n: number): string {
  const hex = createHash('sha256').update(text).digest('hex');
  let out = '';
  for (let i = 0; out.length < n; i = (i + 2) % hex.length)
    out += String(parseInt(hex.slice(i, i + 2), 16) % 10);
  return out;
}

const hexOf = (text: string, n: number) => createHash('sha256').update(text).digest('hex').slice(0, n);
const share = (text: string) => parseInt(hexOf(text, 8), 16) / 0x1_0000_0000;

/** A masked card as the card provider names it: the first four and the last four digits. */
export function cardOf(client: Client, which: 1 | 2): string {
  const d = digitsOf(`${client.id}:card:${which}`, 7);
  const brand = Number(d[0]) < 6 ? '4' : '5';
  return `${brand}${d.slice(1, 4)} **** ${d.slice(3, 7)}`;
}

export const eWalletOf = (client: Client) => client.user.email;

export const walletOf = (client: Client) => `0x${hexOf(`${client.id}:wallet`, 40)}`;

/**
 * Bank accounts a few demo clients pay from together (a family's or a business's account), so the alert
 * for payment details shared between clients has something to show (docs/product.md [alerts.rules]).
 */
export const SHARED_PAYING_ACCOUNTS = ['GB29NWBK60161331926819', 'DE89370400440532013000'] as const;

/**
 * The client's paying bank account, for wire deposits: an IBAN-like number of their country; about one
 * client in seventeen, chosen by a hash of their id, pays from one of the shared accounts.
 */
export const payingAccountOf = (client: Client) => {
  const shared = share(`${client.id}:shared-account`);
  if (shared < 0.06) return SHARED_PAYING_ACCOUNTS[shared < 0.03 ? 0 : 1];
  return `${client.country.code}${digitsOf(`${client.id}:iban`, 2)}${digitsOf(`${client.id}:account`, 18)}`;
};

/** The identifier of a demo deposit, or null for one kept without (as the rows older than the column). */
export function depositSource(client: Client, rowId: string, type: string): string | null {
  if (share(`${rowId}:known`) < 0.15) return null;
  if (type === 'card') return cardOf(client, share(`${rowId}:card`) < 0.8 ? 1 : 2);
  if (type === 'ewallet') return eWalletOf(client);
  if (type === 'crypto') return walletOf(client);
  return payingAccountOf(client);
}

/**
 * The identifier and holder of a demo withdrawal: a wire goes to the bank account it names, in the
 * client's name but for about one in ten (a joint or a third party's account); the others go to the
 * client's card, e-wallet or wallet.
 */
export function withdrawalDestination(
  state: SeedState,
  client: Client,
  rowId: string,
  type: string,
  card: boolean,
  bankId: string,
): { destinationIdentifier: string | null; destinationHolder: string | null } {
  if (share(`${rowId}:known`) < 0.15) return { destinationIdentifier: null, destinationHolder: null };
  if (type === 'wire') {
    const bank = state.rows.bank_accounts.find((b) => b.id === bankId);
    const identifier = bank ? bank.bankIban || `${bank.bankAccountNumber} / ${bank.bankSortCode}` : null;
    const holder = share(`${bankId}:holder`) < 0.1 ? `${client.user.surname} Family Trust` : client.fullName;
    return { destinationIdentifier: identifier, destinationHolder: holder };
  }
  if (type === 'crypto') return { destinationIdentifier: walletOf(client), destinationHolder: null };
  return { destinationIdentifier: card ? cardOf(client, 1) : eWalletOf(client), destinationHolder: null };
}
