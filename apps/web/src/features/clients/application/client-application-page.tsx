import { Anchor, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ApiError, errorsOf } from '../../../shared/api.ts';
import { ErrorAlert } from '../../../shared/error-alert.tsx';
import { fullName } from '../../../shared/formatters.ts';
import { NotFoundPage } from '../../../shared/not-found-page.tsx';
import { usePageTitle } from '../../../shared/use-page-title.ts';
import { useClientApplication, useClientProfile } from '../client-queries.ts';
import { ClientLogCard } from '../components/client-log-card.tsx';
import { ComplianceCard } from '../components/compliance-card.tsx';
import { PartnerBadge, UserStatusBadge } from '../components/user-badges.tsx';
import { ApplicationCard } from './application-card.tsx';
import { KycDocumentsCard } from './kyc-documents-card.tsx';

/**
 * /user/application/:id (docs/product.md [screen.application]): application, KYC documents, Client Log and
 * Compliance.
 */
export function ClientApplicationPage() {
  const { id = '' } = useParams();
  const profile = useClientProfile(id);
  const application = useClientApplication(id);
  const user = profile.data;
  usePageTitle(user ? `Application: ${fullName(user.name, user.surname)}` : 'Client Application');

  if (profile.isPending || application.isPending) {
    return (
      <Center mih={240}>
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  const error = profile.error ?? application.error;
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <NotFoundPage />;
  if (!user || application.data === undefined) return <ErrorAlert errors={errorsOf(error)} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <UserStatusBadge status={user.status} size="lg" />
          {user.role === 'PARTNER' && <PartnerBadge size="md" />}
          <Title order={2}>{fullName(user.name, user.surname) || user.email}</Title>
        </Group>
        <Anchor component={Link} to={`/user/profile/${user._id}`} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} />
            Client profile
          </Group>
        </Anchor>
      </Group>
      <ApplicationCard user={user} application={application.data} />
      <KycDocumentsCard userId={user._id} />
      {/* Compliance right after the documents: the officer decides with both in view. */}
      <ComplianceCard user={user} />
      <ClientLogCard userId={user._id} />
    </Stack>
  );
}
