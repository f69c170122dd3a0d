import { Button, Group } from '@mantine/core';
import { IconBaselineDensityMedium, IconBaselineDensitySmall } from '@tabler/icons-react';
import { ColumnChooser } from './column-chooser.tsx';
import type { TableSettings } from './use-table-settings.ts';
import { ViewsMenu } from './views-menu.tsx';

/** The table's own toolbar: saved views on the left; columns and row density on the right. */
export function TableSettingsBar<T>({ settings }: { settings: TableSettings<T> }) {
  const compact = settings.density === 'compact';
  return (
    <Group justify="space-between" gap="xs" px={6} py={4} wrap="nowrap" data-testid="table-settings">
      {settings.defaults ? <ViewsMenu settings={settings} defaults={settings.defaults} /> : <span />}
      <Group gap={4} wrap="nowrap">
        <ColumnChooser settings={settings} />
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          aria-pressed={compact}
          disabled={!settings.ready}
          leftSection={
            compact ? <IconBaselineDensitySmall size={16} /> : <IconBaselineDensityMedium size={16} />
          }
          onClick={() => settings.setDensity(compact ? 'comfortable' : 'compact')}
          title={compact ? 'Rows are compact: click for more space' : 'Fit more rows on the screen'}
        >
          Compact
        </Button>
      </Group>
    </Group>
  );
}
