import { entityKeys } from '../../shared/query-keys.ts';

export const ibRequestKeys = entityKeys('ib-requests');
/** Introducers and the quota counters (one call returns both). */
export const ibCodeKeys = entityKeys('ib-codes');
/** An introducer's generated links: detail(String(agentCode)). */
export const generatedCodeKeys = entityKeys('ib-generated-codes');
