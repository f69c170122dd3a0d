/**
 * Every call of the API, by area: `calls.banks.updateBankAccount`. One file per call
 * (`<area>/<verb-noun>.ts`) holds its method, path, access, inputs and reply.
 */
export * as accounts from './accounts/index.ts';
export * as alerts from './alerts/index.ts';
export * as approvals from './approvals/index.ts';
export * as audit from './audit/index.ts';
export * as auth from './auth/index.ts';
export * as banks from './banks/index.ts';
export * as bulk from './bulk/index.ts';
export * as clients from './clients/index.ts';
export * as dashboard from './dashboard/index.ts';
export * as events from './events/index.ts';
export * as evidence from './evidence/index.ts';
export * as evidencePack from './evidence-pack/index.ts';
export * as exports from './exports/index.ts';
export * as funding from './funding/index.ts';
export * as groups from './groups/index.ts';
export * as partners from './partners/index.ts';
export * as reconciliation from './reconciliation/index.ts';
export * as reports from './reports/index.ts';
export * as search from './search/index.ts';
export * as staff from './staff/index.ts';
export * as system from './system/index.ts';
export * as views from './views/index.ts';
