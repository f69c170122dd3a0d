import { ActionIcon, Button, Popover, Select, Stack, Text } from '@mantine/core';
import { IconKeyboard, IconSettings } from '@tabler/icons-react';
import { useMemo } from 'react';
import {
  browserTimeZone,
  setTimeZone,
  timeZoneChoices,
  useTimeZone,
  UTC,
} from '../../shared/time-zone/index.ts';

/** The header's settings: the staff member's time zone, and the keyboard shortcuts. */
export function SettingsMenu({ onShowShortcuts }: { onShowShortcuts: () => void }) {
  const zone = useTimeZone();
  const options = useMemo(() => {
    const browser = browserTimeZone();
    return timeZoneChoices().map((value) => ({
      value,
      label: value === browser ? `${value} (browser)` : value === UTC ? 'UTC' : value,
    }));
  }, []);

  return (
    <Popover position="bottom-end" width={300} shadow="md" withArrow trapFocus>
      <Popover.Target>
        <ActionIcon variant="default" size="lg" aria-label="Settings" title="Settings">
          <IconSettings size={18} stroke={1.6} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Select
            label="Time zone"
            description="Every time is shown in this zone; hover a time for UTC."
            data={options}
            value={zone}
            onChange={(value) => value && setTimeZone(value)}
            searchable
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            maxDropdownHeight={240}
          />
          <Text size="xs" c="dimmed">
            Kept in this browser for you.
          </Text>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconKeyboard size={16} />}
            onClick={onShowShortcuts}
            // Focus lands here when the menu opens, not on the searchable select (which would open its list).
            data-autofocus
          >
            Keyboard shortcuts (?)
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
