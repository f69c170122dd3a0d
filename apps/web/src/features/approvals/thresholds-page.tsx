import { APPROVAL_REQUEST_TYPES } from '@brokerdesk/contract';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useMe } from '../../app/shell/system-queries.ts';
import { ErrorAlert } from '../../shared/error-alert.tsx';
import { errorsOf } from '../../shared/api.ts';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { useAdmins } from '../accounts/accounts-queries.ts';
import { ThresholdCard } from './threshold-card.tsx';
import { useThresholds } from './thresholds-queries.ts';

/**
 * /approval-thresholds: per request type and currency, the amount above which a request
 * needs a second approval by another staff member. A SYSOP sets them; other staff see them.
 */
export function ThresholdsPage() {
  usePageTitle('Four-eyes approvals');
  const me = useMe();
  const admins = useAdmins();
  const thresholds = useThresholds();
  const editable = me.data?.role === 'SYSOP';

  return (
    <Stack gap="md">
      <Title order={2}>Four-eyes approvals</Title>
      <Text size="sm" c="dimmed">
        A deposit, withdrawal or internal transfer above its threshold needs two approvals by two different
        staff members: the first leaves it awaiting a second approval, the second moves the money. Leave a
        field empty for no second approval; 0 makes every approval of that kind need two.
      </Text>
      {!editable && me.data && (
        <Alert color="gray" variant="light">
          Only a SYSOP can change the thresholds.
        </Alert>
      )}
      {thresholds.isPending && <Loader size="sm" aria-label="Loading" />}
      {thresholds.error && <ErrorAlert errors={errorsOf(thresholds.error)} />}
      {thresholds.data &&
        APPROVAL_REQUEST_TYPES.map((type) => (
          <ThresholdCard
            // A fresh card once the server answers, so the inputs start from what it holds.
            key={`${type}:${JSON.stringify(thresholds.data.filter((t) => t.requestType === type))}`}
            type={type}
            thresholds={thresholds.data}
            admins={admins.data}
            editable={editable}
          />
        ))}
    </Stack>
  );
}
