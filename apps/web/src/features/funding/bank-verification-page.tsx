import { bankAccountStatusSchema } from '@brokerdesk/contract';
import { ComingSoonPage } from '../../shared/coming-soon-page.tsx';
import { NotFoundPage } from '../../shared/not-found-page.tsx';
import { useRouteStatus } from '../../shared/use-route-status.ts';

/** The statuses this list has (SPEC 2.1); any other :status is Not found. */
export const BANK_ACCOUNT_STATUSES = bankAccountStatusSchema.options;

/** /bank-verification-requests/:status (SPEC 2.17); rejected is shown as DECLINED. Placeholder until the screen is built here. */
export function BankVerificationPage() {
  const status = useRouteStatus(BANK_ACCOUNT_STATUSES);
  if (!status) return <NotFoundPage />;
  return <ComingSoonPage key={status} title="Bank Accounts" status={status} />;
}
