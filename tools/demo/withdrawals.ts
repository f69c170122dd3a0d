import { COUNTRIES, UK } from './countries.ts';
import { approver, type Account, type Client, type SeedState } from './context.ts';
import { DAY, weighted } from './random.ts';
import { round2 } from './accounts.ts';
import { withdrawalDestination } from './identifiers.ts';

const BANK_STATUS = weighted({ approved: 60, pending: 25, rejected: 15 });
const BANK_REJECTIONS = [
  'Statement is older than 3 months.',
  'Name on the statement does not match the client.',
  'Document is not legible.',
] as const;
const WITHDRAWAL_COUNT = weighted({ '0': 50, '1': 32, '2': 18 });
const WITHDRAWAL_TYPE = weighted({ wire: 45, crypto: 25, others: 30 });
const WITHDRAWAL_STATUS = weighted({ approved: 53, pending: 20, incomplete: 6, rejected: 14, error: 7 });
const WITHDRAWAL_REJECTIONS = [
  'Open positions on the account.',
  'Withdrawal to a third-party account.',
  'Bank details not verified.',
] as const;
/** Card-provider states per withdrawal status: [order status, payout status]. */
const PROVIDER_STATES: Record<string, readonly (readonly [string, string])[]> = {
  // A pending order the provider has not processed yet is hidden from the pending list.
  pending: [
    ['CREATED', 'WAITING'],
    ['PROCESSED', 'WAITING'],
  ],
  // Incomplete: the client has still to finish the provider's steps.
  incomplete: [['CREATED', 'WAITING']],
  approved: [['PROCESSED', 'PAID']],
  rejected: [['CANCELLED', '']],
  error: [['PROCESSED', 'FAILED']],
};

/** A bank account of the client: UK layout (account number, sort code) or IBAN layout. Returns its id. */
export function addBankAccount(state: SeedState, client: Client, forceStatus?: 'approved'): string {
  const { r } = state;
  // Most clients bank where they live; some (expats, Irish clients) hold a UK account.
  const country = r.chance(0.1) ? COUNTRIES[0]! : client.country;
  const loc = r.local(country);
  const status = forceStatus ?? r.pick(BANK_STATUS);
  const timestamp = r.after(client.since, 200 * DAY, 3600);
  const id = r.id(timestamp);
  const uk = country.code === UK;
  state.rows.bank_accounts.push({
    id,
    userId: client.id,
    bankName: r.one(country.banks),
    bankAddress: `${loc.location.streetAddress()}, ${loc.location.city()}`,
    bankCountry: country.code,
    bankAccountCurrency: client.currency,
    bankAccountNumber: uk ? r.f.string.numeric(8) : '',
    bankSortCode: uk ? loc.helpers.replaceSymbols('##-##-##') : '',
    // Countries without IBANs keep their local account number in the IBAN field of that layout.
    bankIban: uk
      ? ''
      : country.iban
        ? r.f.finance.iban({ countryCode: country.code })
        : r.f.string.numeric(12),
    bankSwift: uk ? '' : bic(state, country.code),
    // A quarter of the statements came in as photos; chosen without a draw, so the data stays the same.
    bankPoa: `${client.id}-${timestamp}-bank-statement.${timestamp % 4 === 0 ? 'png' : 'pdf'}`,
    status,
    comment: status === 'rejected' ? r.one(BANK_REJECTIONS) : '',
    timestamp,
    changeDocument: status === 'pending' && r.chance(0.3),
  });
  return id;
}

/** Withdrawals from an account, never more than the money that reached it. */
export function addWithdrawals(
  state: SeedState,
  client: Client,
  acc: Account,
  net: Map<number, number>,
  banks: string[],
): void {
  const { r } = state;
  const n = Number(r.draw(WITHDRAWAL_COUNT));
  for (let i = 0; i < n; i++) {
    const available = net.get(acc.number) ?? 0;
    if (available < 50) return;
    const type = r.draw(WITHDRAWAL_TYPE);
    const status = r.pick(WITHDRAWAL_STATUS);
    if (type === 'wire' && banks.length === 0) banks.push(addBankAccount(state, client, 'approved'));
    const card = type === 'others' && r.chance(0.7);
    const provider = card && r.chance(0.7);
    const [providerStatus, providerPayoutStatus] = provider ? r.one(PROVIDER_STATES[status]!) : ['', ''];
    const service =
      type === 'wire' ? 'Bank Wire' : type === 'crypto' ? 'CryptoPay' : card ? 'CardPay' : 'e-Wallet';
    const amount = r.money(20, available * 0.6, available > 500 ? 10 : 0);
    const timestamp = r.between(acc.timeCreated + DAY, r.now);
    const approved = status === 'approved';
    const row = {
      id: r.id(timestamp),
      userId: client.id,
      gateway: service,
      paymentGatewayService: service,
      requestId: `WD${r.digits(10)}`,
      withdrawalType: type,
      withdrawalPaymentName:
        type === 'wire'
          ? 'Bank Transfer'
          : type === 'crypto'
            ? 'Crypto'
            : card
              ? r.one(['Visa', 'Mastercard'])
              : r.one(['Skrill', 'Neteller']),
      cryptoCurrency: type === 'crypto' ? r.one(['BTC', 'ETH', 'USDT']) : '',
      withdrawalCurrency: acc.baseCurrency,
      withdrawalAmount: amount,
      accountNumber: acc.number,
      timestamp,
      timeApproved: approved ? r.after(timestamp, 3 * DAY, 600) : null,
      adminId: approved || status === 'rejected' ? approver(state, 0.05) : '',
      status,
      comment: status === 'rejected' ? r.one(WITHDRAWAL_REJECTIONS) : '',
      dontEmailUser: r.chance(0.04),
      modifyDealAmount: approved && r.chance(0.04),
      mtStatus: approved
        ? 'SUCCESS'
        : status === 'error'
          ? r.one(['Not enough money', 'Platform timed out'])
          : '',
      bankId: type === 'wire' ? r.one(banks) : '',
      providerHandled: provider,
      providerOrderId: provider ? `PO-${r.digits(12)}` : '',
      providerStatus,
      providerPayoutStatus,
    };
    // Worked out after the row's draws, from its ids: the demo's other rows stay as they were.
    state.rows.withdrawals.push({
      ...row,
      ...withdrawalDestination(state, client, row.id, type, card, row.bankId),
    });
    if (approved) net.set(acc.number, round2(available - amount));
  }
}

/** A SWIFT/BIC code of a bank in `country`: bank, country, location and (sometimes) branch. */
function bic(state: SeedState, country: string): string {
  const { f } = state.r;
  const branch = state.r.chance(0.4) ? f.string.alphanumeric({ length: 3, casing: 'upper' }) : '';
  return `${f.string.alpha({ length: 4, casing: 'upper' })}${country}${f.string.alphanumeric({ length: 2, casing: 'upper' })}${branch}`;
}
