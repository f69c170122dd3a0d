import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { DetailGrid, DetailItem } from '../../../shared/detail-grid.tsx';

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
