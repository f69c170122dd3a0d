import { STAFF_MESSAGES } from '@brokerdesk/contract';
import { Alert, Anchor, Center, Loader, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ApiError, errorsOf } from '../../../shared/api.ts';
import { ErrorAlert } from '../../../shared/error-alert.tsx';
import { fullName } from '../../../shared/formatters.ts';
import { NotFoundPage } from '../../../shared/not-found-page.tsx';
import { usePageTitle } from '../../../shared/use-page-title.ts';
import { useClientProfile } from '../client-queries.ts';
import { ComplianceCard } from '../components/compliance-card.tsx';
import { FundingHistoryCard } from './funding-history-card.tsx';
import { ProfileSummary } from './profile-summary.tsx';
import { TradingAccountsCard } from '../../accounts/client-accounts/trading-accounts-card.tsx';
import { DocumentsViewedCard } from './documents-viewed-card.tsx';
import { KycDocumentsCard } from '../application/kyc-documents-card.tsx';
import { ActivityTimelineCard } from './activity-timeline-card.tsx';
import { BankStatementsCard } from './bank-statements-card.tsx';
import { MoneyPictureCard } from '../../evidence/money-picture-card.tsx';

/**
 * /user/profile/:id (docs/product.md [screen.profile]): summary bar, then Trading Accounts, Compliance, the
 * client's documents and one activity timeline, Funding History, Log, and who viewed the documents.
 */
export function ClientProfilePage() {
  const { id = '' } = useParams();
  const profile = useClientProfile(id);
  const user = profile.data;
  usePageTitle(user ? fullName(user.name, user.surname) || user.email : 'Client profile');

  if (profile.isPending) {
    return (
      <Center mih={240}>
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  // A staff member's id: staff are not clients, and have a screen of their own.
  if (
    profile.error instanceof ApiError &&
    profile.error.status === 404 &&
    errorsOf(profile.error).server === STAFF_MESSAGES.managedOnStaffScreen
  ) {
    return <StaffNotice />;
  }
  // An unknown or malformed id is a page that does not exist, not a server fault.
  if (profile.error instanceof ApiError && (profile.error.status === 404 || profile.error.status === 400)) {
    return <NotFoundPage />;
  }
  if (!user) return <ErrorAlert errors={errorsOf(profile.error)} />;

  return (
    <Stack gap="md">
      <ProfileSummary user={user} />
      {/* Full width: half a screen cut the accounts' last columns (equity, margin). */}
      <TradingAccountsCard userId={user._id} userStatus={user.status} />
      <ComplianceCard user={user} />
      <KycDocumentsCard userId={user._id} />
      <BankStatementsCard userId={user._id} />
      <MoneyPictureCard userId={user._id} />
      <FundingHistoryCard userId={user._id} />
      {/* One activity card: the Client Log's entries are in its timeline, with the log's ADD. */}
      <ActivityTimelineCard userId={user._id} />
      <DocumentsViewedCard userId={user._id} />
    </Stack>
  );
}

/** Where a staff member's profile would be: a pointer to the Staff screen. */
function StaffNotice() {
  return (
    <Alert color="blue" variant="light" title="Not a client">
      {STAFF_MESSAGES.managedOnStaffScreen}{' '}
      <Anchor component={Link} to="/staff" underline="always">
        Open the Staff screen
      </Anchor>
    </Alert>
  );
}
