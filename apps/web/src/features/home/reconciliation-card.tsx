import type { ReconciliationRunSummary } from '@brokerdesk/contract';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SectionCard } from '../../shared/section-card.tsx';
import { EpochTime } from '../../shared/time-zone/index.ts';
import { STATUS_LABELS, scopeOf } from '../reconciliation/report-labels.ts';

const byWhom = (r: ReconciliationRunSummary) => (r.trigger === 'daily' ? 'Daily run' : 'Run by staff');

function LatestRun({ run }: { run: ReconciliationRunSummary }) {
  const status = STATUS_LABELS[run.status];
  return (
    <Stack gap={4} data-testid="reconciliation-latest">
      <Group gap="xs">
        <Badge color={status.color} variant="filled">
          {status.label}
        </Badge>
        <Text size="sm" c="dimmed">
          {byWhom(run)} · {scopeOf(run)}
        </Text>
      </Group>
      <Text size="sm">
        {run.status === 'running' ? 'Started' : 'Finished'}{' '}
        <EpochTime seconds={run.finishedAt ?? run.startedAt} />
      </Text>
      <Group gap="lg">
        <Text size="sm">
          <Text span fw={700} c={run.mismatchCount > 0 ? 'red.7' : undefined}>
            {run.mismatchCount}
          </Text>{' '}
          mismatch{run.mismatchCount === 1 ? '' : 'es'}
        </Text>
        <Text size="sm">
          <Text span fw={700}>
            {run.accountsChecked.toLocaleString('en')}
          </Text>{' '}
          account{run.accountsChecked === 1 ? '' : 's'} checked
        </Text>
      </Group>
    </Stack>
  );
}

/** The latest reconciliation run, and the few before it. */
export function ReconciliationCard({ runs }: { runs: ReconciliationRunSummary[] }) {
  const [latest, ...earlier] = runs;
  return (
    <SectionCard
      title="Last reconciliation"
      action={
        <Anchor component={Link} to="/reconciliation" size="sm">
          Open
        </Anchor>
      }
    >
      {!latest ? (
        <Text size="sm" c="dimmed">
          No reconciliation has run yet.
        </Text>
      ) : (
        <Stack gap="sm">
          <LatestRun run={latest} />
          {earlier.length > 0 && (
            <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Earlier runs">
              {earlier.map((r) => (
                <Group key={r._id} component="li" gap="xs" wrap="nowrap" justify="space-between">
                  <Text size="xs" c="dimmed">
                    <EpochTime seconds={r.startedAt} />
                  </Text>
                  <Badge size="xs" variant="light" tt="none" color={STATUS_LABELS[r.status].color}>
                    {r.status === 'mismatches'
                      ? `${r.mismatchCount} mismatches`
                      : STATUS_LABELS[r.status].label}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
