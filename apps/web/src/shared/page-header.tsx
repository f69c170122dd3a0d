import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's title, with its actions (Export CSV, Add …) at the right. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between">
      <Title order={2}>{title}</Title>
      {children}
    </Group>
  );
}
