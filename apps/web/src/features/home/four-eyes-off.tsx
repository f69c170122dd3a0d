import type { DashboardOverview } from '@brokerdesk/contract';
import { Alert, Anchor } from '@mantine/core';
import { IconShieldOff } from '@tabler/icons-react';
import { Link } from 'react-router';

const PLURAL = { deposit: 'deposits', withdrawal: 'withdrawals', transfer: 'transfers' } as const;

/** "deposits in GBP, USD; transfers in EUR": the pairs without a threshold, grouped by request type. */
export function describeOff(off: DashboardOverview['fourEyes']['off']): string {
  const byType = new Map<keyof typeof PLURAL, string[]>();
  for (const { requestType, currency } of off)
    byType.set(requestType, [...(byType.get(requestType) ?? []), currency]);
  return [...byType].map(([type, currencies]) => `${PLURAL[type]} in ${currencies.join(', ')}`).join('; ');
}

/**
 * Says so when four-eyes is off for any request type and currency: without a threshold one click moves
 * any amount. Shown above the queues; SYSOPs set thresholds on the Approval thresholds screen.
 */
export function FourEyesOff({ off }: { off: DashboardOverview['fourEyes']['off'] }) {
  if (off.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconShieldOff />}
      title="Four-eyes is off"
      data-testid="four-eyes-off"
    >
      One approval moves any amount of {describeOff(off)}.{' '}
      <Anchor component={Link} to="/approval-thresholds" size="sm">
        Set thresholds
      </Anchor>
    </Alert>
  );
}
