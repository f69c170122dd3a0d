import { Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import type { TableSettings } from './use-table-settings.ts';
import { choosableColumns, toggleColumn } from './settings-logic.ts';

/** Show or hide the list's columns; the row actions and key columns always show. Kept per staff member. */
export function ColumnChooser<T>({ settings }: { settings: TableSettings<T> }) {
  const choosable = choosableColumns(settings.allColumns);
  const hidden = new Set(settings.hidden);
  const shown = choosable.filter((column) => !hidden.has(column.id)).length;
  if (choosable.length === 0) return null;
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          disabled={!settings.ready}
          leftSection={<IconColumns3 size={16} />}
          title={`${shown} of ${choosable.length} columns shown: choose which`}
        >
          Columns {shown}/{choosable.length}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} role="group" aria-label="Columns to show">
          <Text size="xs" c="dimmed">
            Columns to show
          </Text>
          {choosable.map((column) => (
            <Checkbox
              key={column.id}
              size="xs"
              label={column.header}
              checked={!hidden.has(column.id)}
              onChange={(event) =>
                settings.setHidden(toggleColumn(settings.hidden, column.id, event.currentTarget.checked))
              }
            />
          ))}
          <Group justify="flex-end" mt={4}>
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => settings.setHidden([...settings.fitted])}
            >
              List defaults
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
