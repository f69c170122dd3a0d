import { Button, Kbd } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
/** How the shortcut is written on this machine. */
export const SEARCH_SHORTCUT = isMac ? '⌘ K' : 'Ctrl K';

/** The header's way into the global search, for the mouse; it also shows the shortcut. */
export function SearchButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconSearch size={16} />}
      rightSection={
        <Kbd size="xs" visibleFrom="sm">
          {SEARCH_SHORTCUT}
        </Kbd>
      }
      onClick={onClick}
      aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
    >
      Search
    </Button>
  );
}
