import { COUNTRY_CODES, countryName } from '@brokerdesk/contract';

/** Countries for a searchable select: value is the 2-letter code, label the English name, by name. */
export const COUNTRY_OPTIONS: { value: string; label: string }[] = COUNTRY_CODES.map((code) => ({
  value: code,
  label: countryName(code),
})).sort((a, b) => a.label.localeCompare(b.label, 'en'));
