import type { LookupClient } from '@brokerdesk/contract';
import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { DetailGrid, DetailItem } from '../../../shared/detail-grid.tsx';
import { fullName } from '../../../shared/formatters.ts';

export type SummaryItem = { label: string; value: ReactNode };

/** What the request is, read-only at the top of its update modal, so nobody decides blind. */
export function RequestSummary({ items }: { items: readonly SummaryItem[] }) {
  return (
    <Paper withBorder radius="sm" p="sm" bg="gray.0">
      <DetailGrid cols={3}>
        {items.map((item) => (
          <DetailItem key={item.label} label={item.label}>
            {item.value}
          </DetailItem>
        ))}
      </DetailGrid>
    </Paper>
  );
}

/** The client's name as the list knew it, else the id so the request can still be traced. */
export function clientLabel(client: LookupClient | undefined, userId: string): string {
  return client ? fullName(client.name, client.surname) : userId;
}
