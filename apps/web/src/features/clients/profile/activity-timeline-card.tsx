import type { TimelineEntry, TimelineKind } from '@brokerdesk/contract';
import { Button, Group, Text, ThemeIcon, Timeline } from '@mantine/core';
import {
  IconArrowsExchange,
  IconCashBanknote,
  IconCashBanknoteOff,
  IconNotes,
  IconUserCheck,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorsOf } from '../../../shared/api.ts';
import { ErrorAlert } from '../../../shared/error-alert.tsx';
import { CardLoader, SectionCard } from '../../../shared/section-card.tsx';
import { EpochTime } from '../../../shared/time-zone/index.ts';
import { useClientTimeline } from '../client-queries.ts';
import { AddLogButton } from '../components/add-log-modal.tsx';

const KINDS: Record<TimelineKind, { label: string; color: string; icon: ReactNode }> = {
  log: { label: 'Client Log', color: 'blue', icon: <IconNotes size={14} /> },
  deposit: { label: 'Deposit', color: 'teal', icon: <IconCashBanknote size={14} /> },
  withdrawal: { label: 'Withdrawal', color: 'orange', icon: <IconCashBanknoteOff size={14} /> },
  transfer: { label: 'Transfer', color: 'grape', icon: <IconArrowsExchange size={14} /> },
  staff: { label: 'Staff action', color: 'gray', icon: <IconUserCheck size={14} /> },
};

/**
 * Activity: the Client Log, funding requests and the audit trail's staff actions as one timeline,
 * newest first, a page at a time from the server. It is the profile's one activity card: ADD writes a
 * Client Log entry, which shows at the top.
 */
export function ActivityTimelineCard({ userId }: { userId: string }) {
  const query = useClientTimeline(userId);
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];

  let body: ReactNode;
  if (query.isPending) {
    body = <CardLoader />;
  } else if (query.error && entries.length === 0) {
    body = <ErrorAlert errors={errorsOf(query.error)} />;
  } else if (entries.length === 0) {
    body = (
      <Text c="dimmed" size="sm">
        Nothing has happened on this client yet
      </Text>
    );
  } else {
    body = (
      <>
        <Timeline bulletSize={24} lineWidth={2} role="list" aria-label="Activity">
          {entries.map((e) => (
            <Timeline.Item
              role="listitem"
              key={`${e.kind}:${e.key}`}
              bullet={<Bullet kind={e.kind} />}
              title={<Title entry={e} />}
            >
              {e.detail && (
                <Text size="sm" c="dimmed">
                  {e.detail}
                </Text>
              )}
              <Text size="xs" c="dimmed" mt={2}>
                <EpochTime seconds={e.at} />
                {e.actor ? ` · ${e.actor}` : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
        {query.hasNextPage && (
          <Group justify="center" mt="md">
            <Button
              variant="default"
              size="xs"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              Show older
            </Button>
          </Group>
        )}
      </>
    );
  }
  return (
    <SectionCard title="Activity" action={<AddLogButton userId={userId} />}>
      {body}
    </SectionCard>
  );
}

function Bullet({ kind }: { kind: TimelineKind }) {
  return (
    <ThemeIcon size={24} radius="xl" color={KINDS[kind].color} variant="light" aria-hidden>
      {KINDS[kind].icon}
    </ThemeIcon>
  );
}

function Title({ entry }: { entry: TimelineEntry }) {
  return (
    <Group gap={8} wrap="wrap">
      <Text size="sm" fw={600}>
        {entry.title}
      </Text>
      <Text size="xs" c="dimmed">
        {KINDS[entry.kind].label}
      </Text>
    </Group>
  );
}
