import { approver, type Account, type Client, type SeedState } from './context.ts';
import { addBankAccount, addWithdrawals } from './withdrawals.ts';
import { DAY, weighted } from './random.ts';
import { round2 } from './accounts.ts';
import { depositSource } from './identifiers.ts';

type Method = {
  service: string;
  type: string;
  names: readonly string[];
  min: number;
  max: number;
  round: number;
};
const METHODS: Record<string, Method> = {
  card: {
    service: 'CardPay',
    type: 'card',
    names: ['Visa', 'Mastercard', 'Maestro'],
    min: 50,
    max: 5000,
    round: 50,
  },
  wire: { service: 'Bank Wire', type: 'wire', names: ['Bank Transfer'], min: 500, max: 50_000, round: 100 },
  crypto: {
    service: 'CryptoPay',
    type: 'crypto',
    names: ['Bitcoin', 'Tether (USDT)', 'Ethereum'],
    min: 100,
    max: 20_000,
    round: 0,
  },
  ewallet: {
    service: 'e-Wallet',
    type: 'ewallet',
    names: ['Skrill', 'Neteller', 'PayPal'],
    min: 50,
    max: 3000,
    round: 10,
  },
};
const METHOD = weighted({ card: 55, wire: 20, crypto: 15, ewallet: 10 });
const DEPOSIT_COUNT = weighted({ '0': 12, '1': 30, '2': 25, '3': 15, '5': 11, '8': 7 });
const DEPOSIT_STATUS = weighted({
  approved: 70,
  pending: 8,
  rejected: 8,
  incomplete: 6,
  declined: 4,
  error: 4,
});
const TRANSFER_STATUS = weighted({ approved: 60, pending: 18, rejected: 12, error: 10 });
/** Approved transfers whose second leg failed: money left the source and never arrived. */
const TRANSFER_LEGS = weighted({ complete: 85, destinationFailed: 15 });
const DEPOSIT_COMMENTS: Record<string, readonly string[]> = {
  rejected: ['Third-party payment.', 'Card holder name does not match the client.', 'Duplicate request.'],
  declined: ['Declined by the card issuer.', 'Insufficient funds.', '3-D Secure authentication failed.'],
  incomplete: ['Client left the payment page.', 'Awaiting bank confirmation.', ''],
  error: ['Balance operation failed on the platform.'],
};
const PLATFORM_ERRORS = ['Platform timed out', 'Account not found', 'Platform busy'] as const;

/**
 * Bank accounts, deposits, withdrawals and transfers of a client. Returns the money that reached each
 * account (approved, platform-confirmed movements) so balances can follow from it.
 */
export function addFunding(
  state: SeedState,
  client: Client,
  accounts: Account[],
): { net: Map<number, number>; deposited: boolean } {
  const { r } = state;
  const net = new Map<number, number>();
  const { status } = client.user;
  const banks: string[] = [];
  if ((status === 'approved' || status === 'disabled') && r.chance(0.45))
    banks.push(addBankAccount(state, client));
  if (status === 'pending' && r.chance(0.1)) banks.push(addBankAccount(state, client));
  if (banks.length > 0 && r.chance(0.1)) banks.push(addBankAccount(state, client));
  const live = accounts.filter((a) => a.live && a.approved);
  let deposited = false;
  for (const acc of live) {
    const n = Number(r.draw(DEPOSIT_COUNT));
    for (let i = 0; i < n; i++) deposited = addDeposit(state, client, acc, net) || deposited;
  }
  for (const acc of live) addWithdrawals(state, client, acc, net, banks);
  addTransfers(state, client, live, net);
  return { net, deposited };
}

function addDeposit(state: SeedState, client: Client, acc: Account, net: Map<number, number>): boolean {
  const { r } = state;
  const method = METHODS[r.draw(METHOD)]!;
  const status = r.pick(DEPOSIT_STATUS);
  const timestamp = r.between(acc.timeCreated, acc.timeCreated + 400 * DAY);
  const amount = r.money(method.min, method.max, method.round);
  const instant = method.type === 'card' || method.type === 'ewallet';
  const decided = r.after(timestamp, instant ? 600 : 3 * DAY, instant ? 5 : 3600);
  const approved = status === 'approved';
  const id = r.id(timestamp);
  state.rows.deposits.push({
    id,
    userId: client.id,
    timestamp,
    transactionId: status === 'incomplete' && r.chance(0.5) ? '' : transactionId(state, method.type),
    paymentGatewayService: method.service,
    depositType: method.type,
    depositPaymentName: r.one(method.names),
    depositCurrency: acc.baseCurrency,
    depositAmountSent: amount,
    accountNumber: acc.number,
    accountPlatform: 'MT5',
    status,
    adminId: approved || status === 'rejected' ? approver(state, instant ? 0.7 : 0.1) : '',
    timeApproved: approved ? decided : null,
    timeRejected: status === 'rejected' || status === 'declined' ? decided : null,
    comment: r.one(DEPOSIT_COMMENTS[status] ?? ['']),
    modifyDealAmount: approved && r.chance(0.03),
    dontEmailUser: r.chance(0.04),
    mtStatus: approved ? 'SUCCESS' : status === 'error' ? r.one(PLATFORM_ERRORS) : '',
    sourceIdentifier: depositSource(client, id, method.type),
  });
  if (approved) net.set(acc.number, round2((net.get(acc.number) ?? 0) + amount));
  return approved;
}

function transactionId(state: SeedState, type: string): string {
  const { r } = state;
  if (type === 'crypto') return `0x${r.f.string.hexadecimal({ length: 64, casing: 'lower', prefix: '' })}`;
  if (type === 'wire') return `WT${r.digits(10)}`;
  return r.f.string.alphanumeric({ length: 16, casing: 'upper' });
}

function addTransfers(state: SeedState, client: Client, live: Account[], net: Map<number, number>): void {
  const { r } = state;
  if (live.length < 2 || !r.chance(0.6)) return;
  const n = r.int(1, 3);
  for (let i = 0; i < n; i++) {
    const source = r.one(live);
    // Transfers go between accounts of the same currency, as the client area offers them.
    const targets = live.filter((a) => a !== source && a.baseCurrency === source.baseCurrency);
    const available = net.get(source.number) ?? 0;
    if (targets.length === 0 || available < 20) return;
    const destination = r.one(targets);
    const status = r.pick(TRANSFER_STATUS);
    const amount = r.money(10, available * 0.5, available > 1000 ? 50 : 0);
    const timestamp = r.between(Math.max(source.timeCreated, destination.timeCreated), state.r.now);
    const decided = r.after(timestamp, 2 * DAY, 60);
    const legs = status === 'approved' ? r.pick(TRANSFER_LEGS) : 'complete';
    const sourceMtStatus = status === 'approved' ? 'SUCCESS' : status === 'error' ? 'Not enough money' : '';
    const destinationMtStatus =
      status !== 'approved'
        ? ''
        : legs === 'complete'
          ? 'SUCCESS'
          : r.one(['Not enough money', 'Platform timed out']);
    state.rows.transfers.push({
      id: r.id(timestamp),
      userId: client.id,
      sourceAccount: source.number,
      sourceAccountPlatform: 'MT5',
      destinationAccount: destination.number,
      destinationAccountPlatform: 'MT5',
      transferCurrency: source.baseCurrency,
      transferAmount: amount,
      sourceMtStatus,
      destinationMtStatus,
      timestamp,
      status,
      times: status === 'pending' ? { pending: timestamp } : { pending: timestamp, [status]: decided },
      comment:
        status === 'rejected' ? r.one(['Insufficient free margin.', 'Client cancelled the request.']) : '',
    });
    if (sourceMtStatus === 'SUCCESS') net.set(source.number, round2(available - amount));
    if (destinationMtStatus === 'SUCCESS') {
      net.set(destination.number, round2((net.get(destination.number) ?? 0) + amount));
    }
  }
}
