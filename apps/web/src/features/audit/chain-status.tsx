import type { AuditVerifyResult } from '@brokerdesk/contract';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { errorsOf } from '../../shared/api.ts';
import { showErrorNotice } from '../../shared/notify.ts';
import { useLastChainCheck, useVerifyChain } from './audit-queries.ts';
import { EpochTime } from '../../shared/time-zone/index.ts';

function describe(result: AuditVerifyResult): string {
  if (result.ok)
    return `Chain intact: ${result.rows.toLocaleString('en')} rows checked up to row ${result.headId}.`;
  const more = result.badRows > 1 ? ` (${result.badRows.toLocaleString('en')} bad rows in all)` : '';
  return `Chain broken${result.firstBadId ? ` at row ${result.firstBadId}` : ''}${more}: ${result.reason ?? result.problem}`;
}

/**
 * Whether the audit trail's hash chain holds: the newest check recorded in the trail (who ran it and
 * when), and for a SYSOP, a button that checks the whole chain now.
 */
export function ChainStatus({ canVerify }: { canVerify: boolean }) {
  const last = useLastChainCheck();
  const verify = useVerifyChain();
  const check = last.data;
  const ok = check?.result.ok;

  const run = () =>
    verify.mutate(undefined, {
      onError: (error) => showErrorNotice(Object.values(errorsOf(error))[0]),
    });

  return (
    <Alert
      variant="light"
      color={check === undefined || check === null ? 'gray' : ok ? 'green' : 'red'}
      icon={ok === false ? <IconShieldX size={20} /> : <IconShieldCheck size={20} />}
      title="Tamper check"
      aria-label="Tamper check"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          {last.isPending ? (
            <Loader size="xs" aria-label="Loading" />
          ) : check ? (
            <>
              <Text size="sm" fw={600} c={ok ? undefined : 'red.8'}>
                {describe(check.result)}
              </Text>
              <Text size="xs" c="dimmed">
                Last checked <EpochTime seconds={check.at} />
                {check.actorName ? ` by ${check.actorName}` : ''}.
              </Text>
            </>
          ) : (
            <Text size="sm">The chain has not been checked yet.</Text>
          )}
          {!canVerify && (
            <Text size="xs" c="dimmed">
              A SYSOP can run the check.
            </Text>
          )}
        </div>
        {canVerify && (
          <Button size="xs" variant="white" onClick={run} loading={verify.isPending}>
            Check the chain now
          </Button>
        )}
      </Group>
    </Alert>
  );
}
