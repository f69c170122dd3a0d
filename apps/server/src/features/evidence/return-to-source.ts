import {
  FOLLOWS_RETURN_TO_SOURCE,
  NO_VERIFIED_BANK,
  SOURCE_UNKNOWN,
  type ProposalLine,
  type ReturnToSource,
} from '@brokerdesk/contract';

/**
 * The return-to-source proposal of one withdrawal, worked out from what the database read
 * (docs/product.md [evidence.return-to-source]). Pure: the service reads, this decides, the tests can
 * give it any case. Amounts are whole cents here so that caps and remainders add up exactly.
 */

/** A deposit method in words, as staff say it. */
export function depositMethodWords(method: string, label: string): string {
  if (method === 'card') return 'card';
  if (method === 'ewallet') return 'e-wallet';
  if (method === 'wire') return 'bank wire';
  if (method === 'crypto') return 'crypto';
  return label || method;
}

/** A withdrawal method in words: its type, or for "others" the payment name the client chose. */
export function withdrawalMethodWords(method: string, label: string): string {
  if (method === 'wire') return 'bank wire';
  if (method === 'crypto') return 'crypto';
  return label || method || 'another method';
}

/**
 * A holder's name as compared (docs/product.md [evidence.rest]): accents removed, case folded, spaces
 * collapsed, so "JOSÉ  Núñez" and "Jose Nunez" are the same person's name.
 */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/** One refundable source of the withdrawal's currency: what came in from it and what went back. */
export type SourceIn = {
  method: string;
  label: string;
  identifier: string;
  depositedCents: number;
  returnedCents: number;
  firstAt: number;
};

/** A verified bank account of the client, with the holder name given for it (null when none was). */
export type BankIn = { id: string; identifier: string; holder: string | null };

export type WithdrawalIn = {
  id: string;
  status: string;
  currency: ReturnToSource['currency'];
  amountCents: number;
  method: string;
  label: string;
  identifier: string | null;
  bankId: string;
};

const money = (cents: number) => (cents / 100).toFixed(2);
const toAmount = (cents: number) => cents / 100;

export function proposeReturn(input: {
  withdrawal: WithdrawalIn;
  /** Refundable sources with an identifier, any order: they are taken oldest first. */
  sources: SourceIn[];
  banks: BankIn[];
  clientName: string;
  /** Refundable money that came in without an identifier: it cannot be given back to a known source. */
  unknownRefundableCents: number;
}): ReturnToSource {
  const w = input.withdrawal;
  const c = w.currency;
  const lines: ProposalLine[] = [];
  let left = w.amountCents;
  const oldestFirst = [...input.sources].sort(
    (a, b) => a.firstAt - b.firstAt || a.identifier.localeCompare(b.identifier),
  );
  for (const s of oldestFirst) {
    if (left <= 0) break;
    // Each source takes at most what came in from it less what was already sent back to it.
    const room = s.depositedCents - s.returnedCents;
    if (room <= 0) continue;
    const take = Math.min(room, left);
    left -= take;
    lines.push({
      kind: 'source',
      method: depositMethodWords(s.method, s.label),
      identifier: s.identifier,
      amount: toAmount(take),
      deposited: toAmount(s.depositedCents),
      returned: toAmount(s.returnedCents),
    });
  }
  if (left > 0) {
    const name = normalizeName(input.clientName);
    const matching = input.banks.filter((b) => b.holder !== null && normalizeName(b.holder) === name);
    // The account the client named comes first when it qualifies; else the oldest that does.
    const bank = matching.find((b) => b.id === w.bankId) ?? matching[0];
    lines.push(
      bank
        ? { kind: 'bank', method: 'bank wire', identifier: bank.identifier, amount: toAmount(left) }
        : { kind: 'none', method: '', identifier: null, amount: toAmount(left), reason: NO_VERIFIED_BANK },
    );
  }
  const askedMethod = withdrawalMethodWords(w.method, w.label);
  return {
    withdrawalId: w.id,
    status: w.status,
    currency: c,
    amount: toAmount(w.amountCents),
    asked: { method: askedMethod, identifier: w.identifier },
    lines,
    differences: differences(w, askedMethod, lines, input.unknownRefundableCents),
    unknownRefundable: toAmount(input.unknownRefundableCents),
  };
}

/** The proposal against the request, in sentences staff can read out (docs/product.md [evidence.differences]). */
function differences(
  w: WithdrawalIn,
  askedMethod: string,
  lines: ProposalLine[],
  unknownRefundableCents: number,
): string[] {
  const c = w.currency;
  const asked = `${askedMethod}${w.identifier ? ` ${w.identifier}` : ''}`;
  const out: string[] = [];
  let first = true;
  for (const l of lines) {
    const cents = Math.round(l.amount * 100);
    const where = `${l.method} ${l.identifier ?? ''}`.trim();
    if (l.kind === 'source') {
      if (l.identifier === w.identifier) continue;
      out.push(
        first
          ? `The client asked for ${money(w.amountCents)} ${c} to ${asked}; ${money(cents)} ${c} should go back to ${where} first.`
          : `Then ${money(cents)} ${c} should go back to ${where}.`,
      );
      first = false;
    } else if (l.kind === 'bank') {
      if (l.identifier === w.identifier) continue;
      const rest = lines.length > 1 ? `The rest, ${money(cents)} ${c},` : `${money(cents)} ${c}`;
      out.push(
        `${rest} should go to the verified bank account ${l.identifier} in the client's name, not to ${asked}.`,
      );
    } else {
      const rest = lines.length > 1 ? `The rest, ${money(cents)} ${c},` : `${money(cents)} ${c}`;
      out.push(`${rest} has nowhere to go yet: ${NO_VERIFIED_BANK}.`);
    }
  }
  if (unknownRefundableCents > 0) {
    out.push(
      `${money(unknownRefundableCents)} ${c} came in by card or e-wallet with no recorded identifier (${SOURCE_UNKNOWN}): it cannot be sent back to its source.`,
    );
  }
  if (out.length === 0) out.push(FOLLOWS_RETURN_TO_SOURCE);
  return out;
}
