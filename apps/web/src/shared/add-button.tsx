import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** A card's '+ ADD' (a profile card's new account, new log line): small, beside the card's title. */
export function AddButton({ onClick }: { onClick: () => void }) {
  return (
    <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onClick}>
      ADD
    </Button>
  );
}
