import { SHORT_LIVING_PERIOD } from '@brokerdesk/contract';
import { COUNTRIES, RESTRICTED_COUNTRY } from './countries.ts';
import type { Client, SeedState } from './context.ts';
import { DAY, weighted } from './random.ts';

const LIVING_PERIOD = weighted({ [SHORT_LIVING_PERIOD]: 25, '3-5': 30, '>5': 45 });
const EMPLOYMENT = weighted({ Employed: 55, 'Self-employed': 22, Retired: 10, Unemployed: 5, Student: 8 });
const INDUSTRIES = [
  'Financial services',
  'Information technology',
  'Construction',
  'Healthcare',
  'Retail',
  'Education',
  'Hospitality',
  'Manufacturing',
  'Legal',
  'Transport',
] as const;
const EDUCATION = [
  'High school',
  'Vocational training',
  "Bachelor's degree",
  "Master's degree",
  'Doctorate',
] as const;
const AMOUNT_BANDS = [
  'Under 15,000',
  '15,000 - 50,000',
  '50,000 - 100,000',
  '100,000 - 250,000',
  'Over 250,000',
] as const;
const WEALTH = [
  'Employment income',
  'Savings',
  'Investments',
  'Business income',
  'Inheritance',
  'Property sale',
] as const;
const EXPECTED_DEPOSIT = ['Under 1,000', '1,000 - 5,000', '5,000 - 20,000', 'Over 20,000'] as const;
const EXPERIENCE = weighted({ None: 20, 'Less than 1 year': 30, '1-3 years': 30, 'More than 3 years': 20 });
const REASON = ['Speculation', 'Hedging', 'Investment', 'Learning to trade'] as const;
const IDENTITY_DOCS = ['PASSPORT', 'ID_CARD', 'DRIVERS'] as const;
const RESIDENCE_DOCS = ['UTILITY_BILL', 'BANK_STATEMENT'] as const;

/** The four application blocks; an unfinished application has its later blocks still blank. */
export function addApplication(state: SeedState, client: Client, complete: boolean): void {
  const { r } = state;
  const livingPeriod = r.pick(LIVING_PERIOD);
  const moved = livingPeriod === SHORT_LIVING_PERIOD;
  const prevCountry = moved && r.chance(0.2) ? r.one(COUNTRIES) : client.country;
  const prevLoc = r.local(prevCountry);
  state.rows.applications.push({
    userId: client.id,
    user: {
      livingPeriod,
      prevAddressNo: moved ? prevLoc.location.buildingNumber().trim() : '',
      prevAddress: moved ? prevLoc.location.street() : '',
      prevCity: moved ? prevLoc.location.city() : '',
      prevPostcode: moved ? prevLoc.location.zipCode() : '',
      prevCountry: moved ? prevCountry.code : '',
      prevLivingPeriod: moved ? r.one(['3-5', '>5']) : '',
      USResident: client.country.code === RESTRICTED_COUNTRY,
    },
    employmentIncome: complete
      ? {
          employmentStatus: r.draw(EMPLOYMENT),
          industry: r.one(INDUSTRIES),
          levelOfEducation: r.one(EDUCATION),
          annualSalary: r.one(AMOUNT_BANDS),
          savings: r.one(AMOUNT_BANDS),
          wealthSource: r.one(WEALTH),
          expectedDeposit: r.one(EXPECTED_DEPOSIT),
        }
      : blank([
          'employmentStatus',
          'industry',
          'levelOfEducation',
          'annualSalary',
          'savings',
          'wealthSource',
          'expectedDeposit',
        ]),
    tradingExperience: complete
      ? {
          experience: r.draw(EXPERIENCE),
          understandTradingRisks: r.chance(0.97),
          understandTradingLoss: r.chance(0.95),
          reasonForOpeningAccount: r.one(REASON),
        }
      : {
          experience: '',
          understandTradingRisks: false,
          understandTradingLoss: false,
          reasonForOpeningAccount: '',
        },
    tradingPreferences: {
      baseAccountCurrency: client.currency,
      accountPlatform: 'MT5',
      accountType: client.preferredType,
      leverage: `1:${client.preferredLeverage}`,
    },
  });
}

function blank(keys: string[]): Record<string, string> {
  return Object.fromEntries(keys.map((k) => [k, '']));
}

/**
 * Proof of identity and of address as the identity-verification provider returns them: image ids
 * and one inspection id per applicant. Unfinished applications have at most an identity document.
 */
export function addKycDocuments(state: SeedState, client: Client, registered: boolean): void {
  const { r } = state;
  const { user } = client;
  if (!registered && !r.chance(0.4)) return;
  const inspectionId = r.f.string.hexadecimal({ length: 24, casing: 'lower', prefix: '' });
  const uploadedAt = r.after(client.since, 3 * DAY);
  const identity = r.one(IDENTITY_DOCS);
  state.rows.kyc_documents.push({
    id: r.id(uploadedAt),
    userId: client.id,
    kind: 'IDENTITY',
    idDocType: identity,
    // A passport is one page; cards and licences have a front and a back.
    imageIds: registered ? imageIds(state, identity === 'PASSPORT' ? 1 : 2) : [],
    uploaded: registered,
    verified: Boolean(user.eKycApproved),
    inspectionId,
    timestamp: uploadedAt,
  });
  if (!registered) return;
  state.rows.kyc_documents.push({
    id: r.id(uploadedAt),
    userId: client.id,
    kind: 'PROOF_OF_RESIDENCE',
    idDocType: r.one(RESIDENCE_DOCS),
    imageIds: imageIds(state, 1),
    uploaded: true,
    verified: Boolean(user.eKycApproved),
    inspectionId,
    timestamp: uploadedAt,
  });
}

function imageIds(state: SeedState, n: number): number[] {
  return Array.from({ length: n }, () => state.r.int(100_000_000, 1_999_999_999));
}
