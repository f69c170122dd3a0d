import { Group, Kbd, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { isShortcutsKey } from '../../shared/keyboard/typing.ts';
import { SHORTCUT_GROUPS } from '../../shared/keyboard/shortcuts.ts';

/** '?' anywhere but in a field calls `onOpen`. */
export function useShortcutsKey(onOpen: () => void) {
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isShortcutsKey(event)) return;
      event.preventDefault();
      onOpen();
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [onOpen]);
}

/** The 'Keyboard shortcuts' dialog: every shortcut of the console, by where it works. */
export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="lg" centered>
      <Stack gap="md">
        {SHORTCUT_GROUPS.map((group) => (
          <section key={group.title} aria-label={group.title}>
            <Title order={3} size="h5" mb={4}>
              {group.title}
            </Title>
            <Table verticalSpacing={4} fz="sm" aria-label={`${group.title} shortcuts`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={140}>Keys</Table.Th>
                  <Table.Th>Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {group.shortcuts.map((shortcut) => (
                  <Table.Tr key={shortcut.description}>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {shortcut.keys.map((key, i) => (
                          <Group key={key} gap={4} wrap="nowrap">
                            {i > 0 && <Text size="xs">+</Text>}
                            <Kbd size="sm">{key}</Kbd>
                          </Group>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>{shortcut.description}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        ))}
      </Stack>
    </Modal>
  );
}
