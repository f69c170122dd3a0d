import {
  de,
  de_AT,
  de_CH,
  en_AU,
  en_GB,
  en_IE,
  en_NG,
  en_US,
  en_ZA,
  es,
  fr,
  it,
  nl,
  pl,
  pt_PT,
  sv,
  type LocaleDefinition,
} from '@faker-js/faker';

export type DemoCountry = {
  /** ISO 3166-1 alpha-2, as users.country stores it. */
  code: string;
  weight: number;
  locale: LocaleDefinition;
  /** The currency most of its clients pick. */
  currency: 'EUR' | 'GBP' | 'USD';
  /** National mobile number pattern (# is a digit); the dial code is shown from the country. */
  mobile: string;
  /** Whether its banks use IBANs (the non-UK bank layout shows IBAN and SWIFT). */
  iban: boolean;
  banks: readonly string[];
};

/**
 * Countries of the demo clients: a European broker's mix, each with a Latin-script faker locale so that
 * names turn into plausible email addresses. US residents are present but always rejected.
 */
export const COUNTRIES: readonly DemoCountry[] = [
  {
    code: 'GB',
    weight: 22,
    locale: en_GB,
    currency: 'GBP',
    mobile: '7### ######',
    iban: false,
    banks: ['Barclays', 'HSBC UK', 'Lloyds Bank', 'NatWest', 'Santander UK', 'Monzo'],
  },
  {
    code: 'DE',
    weight: 12,
    locale: de,
    currency: 'EUR',
    mobile: '15# #######',
    iban: true,
    banks: ['Deutsche Bank', 'Commerzbank', 'Sparkasse', 'DKB', 'N26'],
  },
  {
    code: 'FR',
    weight: 9,
    locale: fr,
    currency: 'EUR',
    mobile: '6 ## ## ## ##',
    iban: true,
    banks: ['BNP Paribas', 'Société Générale', 'Crédit Agricole', 'LCL'],
  },
  {
    code: 'ES',
    weight: 8,
    locale: es,
    currency: 'EUR',
    mobile: '6## ### ###',
    iban: true,
    banks: ['Banco Santander', 'BBVA', 'CaixaBank', 'Banco Sabadell'],
  },
  {
    code: 'IT',
    weight: 8,
    locale: it,
    currency: 'EUR',
    mobile: '3## ### ####',
    iban: true,
    banks: ['UniCredit', 'Intesa Sanpaolo', 'Banco BPM', 'Fineco'],
  },
  {
    code: 'NL',
    weight: 5,
    locale: nl,
    currency: 'EUR',
    mobile: '6 ########',
    iban: true,
    banks: ['ING', 'ABN AMRO', 'Rabobank', 'bunq'],
  },
  {
    code: 'IE',
    weight: 4,
    locale: en_IE,
    currency: 'EUR',
    mobile: '8# ### ####',
    iban: true,
    banks: ['AIB', 'Bank of Ireland', 'PTSB'],
  },
  {
    code: 'PL',
    weight: 6,
    locale: pl,
    currency: 'EUR',
    mobile: '### ### ###',
    iban: true,
    banks: ['PKO Bank Polski', 'mBank', 'Bank Pekao'],
  },
  {
    code: 'PT',
    weight: 4,
    locale: pt_PT,
    currency: 'EUR',
    mobile: '9# ### ####',
    iban: true,
    banks: ['Millennium bcp', 'Caixa Geral de Depósitos', 'Novo Banco'],
  },
  {
    code: 'SE',
    weight: 3,
    locale: sv,
    currency: 'EUR',
    mobile: '7#-### ## ##',
    iban: true,
    banks: ['Swedbank', 'SEB', 'Handelsbanken', 'Nordea'],
  },
  {
    code: 'AT',
    weight: 3,
    locale: de_AT,
    currency: 'EUR',
    mobile: '66# ######',
    iban: true,
    banks: ['Erste Bank', 'Raiffeisen Bank', 'Bank Austria'],
  },
  {
    code: 'CH',
    weight: 3,
    locale: de_CH,
    currency: 'EUR',
    mobile: '7# ### ## ##',
    iban: true,
    banks: ['UBS', 'PostFinance', 'Zürcher Kantonalbank'],
  },
  {
    code: 'AU',
    weight: 4,
    locale: en_AU,
    currency: 'USD',
    mobile: '4## ### ###',
    iban: false,
    banks: ['Commonwealth Bank', 'Westpac', 'ANZ', 'NAB'],
  },
  {
    code: 'ZA',
    weight: 4,
    locale: en_ZA,
    currency: 'USD',
    mobile: '8# ### ####',
    iban: false,
    banks: ['Standard Bank', 'FNB', 'Absa', 'Nedbank'],
  },
  {
    code: 'NG',
    weight: 4,
    locale: en_NG,
    currency: 'USD',
    mobile: '80# ### ####',
    iban: false,
    banks: ['Access Bank', 'GTBank', 'Zenith Bank'],
  },
  {
    code: 'US',
    weight: 1,
    locale: en_US,
    currency: 'USD',
    mobile: '(###) ###-####',
    iban: false,
    banks: ['Chase', 'Bank of America'],
  },
];

export const UK = 'GB';
export const RESTRICTED_COUNTRY = 'US';
