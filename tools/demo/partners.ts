import { nextAgentCode } from './clients.ts';
import type { Client, SeedState } from './context.ts';
import { DAY, YEAR, weighted } from './random.ts';

const QUESTIONS = [
  'Do you already have clients interested in trading?',
  'How many clients do you expect to introduce per month?',
  'Which marketing channels will you use?',
  'Are you licensed or registered with a financial regulator?',
] as const;
const ANSWERS: readonly (readonly string[])[] = [
  [
    'Yes, a trading community of about 300 members.',
    'A few friends and colleagues.',
    'Not yet, I am starting out.',
    'Yes, clients of my advisory business.',
  ],
  ['1-5', '5-20', '20-50', 'More than 50'],
  [
    'YouTube channel and Telegram group.',
    'Trading seminars.',
    'Website and newsletter.',
    'Social media ads.',
    'Word of mouth.',
  ],
  ['No.', 'Yes, registered as a tied agent.', 'Application in progress.'],
];
const REQUEST_STATUS = weighted({ pending: 50, rejected: 30, error: 20 });
const REQUEST_ERRORS = [
  'Agent code could not be created on the trading platform.',
  "You don't have any Introducer slots left. Please add more codes.",
] as const;
const TIERS = weighted({ STANDARD: 70, SILVER: 20, GOLD: 10 });
const CAMPAIGNS = [
  'Newsletter',
  'YouTube',
  'Telegram',
  'Webinar',
  'Spring promo',
  'Seminar',
  'Blog',
  'Instagram',
] as const;
const BATCH = weighted({ '1': 35, '2': 25, '3': 25, '10': 15 });

/**
 * Introducers who are not clients (affiliates and companies), made before any client so that
 * referred clients can carry their agent codes. Some are not approved yet.
 */
export function addAffiliates(state: SeedState, count: number): void {
  const { r } = state;
  for (let i = 0; i < count; i++) {
    const created = r.between(r.now - 2 * YEAR, r.now - 60 * DAY);
    addIbCode(state, r.f.company.name(), nextAgentCode(state), created, r.chance(0.8));
  }
}

/** A partner client: approved IB request, its introducer code, sub-codes and mail settings. */
export function addPartner(state: SeedState, client: Client): void {
  const { r } = state;
  const agentCode = client.user.agentCode!;
  const requested = r.after(client.since, 60 * DAY, DAY);
  const approved = r.after(requested, 5 * DAY, 3600);
  addIbRequest(state, client, 'approved', requested);
  addIbCode(state, client.fullName, agentCode, approved, true);
  state.rows.partner_email_settings.push({
    partnerId: client.id,
    agentCode,
    partnerUserRegistered: r.chance(0.85),
    partnerUserApproved: r.chance(0.85),
    partnerUserKycApproved: r.chance(0.7),
    partnerUserDeposited: r.chance(0.9),
    partnerUserWithdrawalRequest: r.chance(0.6),
  });
}

/** Clients who asked to become introducers and were not (yet) made partners. */
export function maybeAddIbRequest(state: SeedState, client: Client): void {
  const { r } = state;
  if (client.user.status !== 'approved' || !r.chance(0.05)) return;
  addIbRequest(state, client, r.pick(REQUEST_STATUS), r.after(client.since, YEAR, DAY));
}

function addIbRequest(state: SeedState, client: Client, status: string, timestamp: number): void {
  const { r } = state;
  const answers = ANSWERS.map((choices) => r.one(choices));
  state.rows.ib_requests.push({
    id: r.id(timestamp),
    userId: client.id,
    question1: QUESTIONS[0],
    answer1: answers[0]!,
    question2: QUESTIONS[1],
    answer2: answers[1]!,
    question3: QUESTIONS[2],
    answer3: answers[2]!,
    question4: QUESTIONS[3],
    answer4: answers[3]!,
    status,
    errorMessage: status === 'error' ? r.one(REQUEST_ERRORS) : '',
    comment:
      status === 'approved'
        ? r.one(['Welcome aboard.', 'Approved: standard IB terms.', ''])
        : status === 'rejected'
          ? r.one(['Not enough information about the client base.', 'Marketing plan not compliant.'])
          : '',
    timestamp,
  });
}

function addIbCode(
  state: SeedState,
  name: string,
  agentCode: number,
  created: number,
  approved: boolean,
): void {
  const { r } = state;
  state.rows.ib_codes.push({
    id: r.id(created),
    name,
    code: r.f.string.alphanumeric({ length: 8, casing: 'upper' }),
    agentCode,
    statusCode: r.draw(TIERS),
    link: `${state.publicUrl}/register/${agentCode}`,
    timestamp: created,
    timeCreated: created,
    timeApproved: approved ? r.after(created, DAY, 600) : null,
  });
  if (approved && r.chance(0.4)) addGeneratedCodes(state, agentCode, created);
}

/** Sub-codes of an introducer, each a link {publicUrl}/register/{agentCode}?access={code}. */
function addGeneratedCodes(state: SeedState, agentCode: number, after: number): void {
  const { r } = state;
  const n = Number(r.draw(BATCH));
  const campaign = r.one(CAMPAIGNS);
  const timestamp = r.after(after, 90 * DAY, DAY);
  for (let i = 0; i < n; i++) {
    let code: string;
    do code = r.f.string.alphanumeric({ length: 10, casing: 'mixed' });
    while (state.generatedCodes.has(code));
    state.generatedCodes.add(code);
    state.rows.generated_codes.push({
      id: r.id(timestamp),
      agentCode,
      name: n === 1 ? campaign : `${campaign} ${i + 1}`,
      code,
      timestamp,
    });
  }
}
