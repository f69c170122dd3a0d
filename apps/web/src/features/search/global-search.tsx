import { Box, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useId } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useGlobalSearch } from './search-api.ts';
import { SEARCH_GROUPS, moveActive, searchItems, type SearchItem } from './search-items.ts';

const DEBOUNCE_MS = 150;
const HINT = 'Email, name, phone, account number, transaction id or IB code';

type Props = { opened: boolean; onClose: () => void };

/** The global search (Ctrl+K / Cmd+K): grouped results, arrow keys to move, Enter to open. */
export function GlobalSearch({ opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Search" size="lg" yOffset="10vh">
      {/* Mounted only while open, so each opening starts empty. */}
      {opened && <SearchPanel onClose={onClose} />}
    </Modal>
  );
}

function SearchPanel({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const query = useGlobalSearch(debounced);
  const items = useMemo(
    () => (query.data && debounced ? searchItems(query.data) : []),
    [query.data, debounced],
  );
  // The first row is active whenever the results change; the arrow keys move from there.
  const [picked, setPicked] = useState<{ items: SearchItem[]; index: number } | null>(null);
  const active = picked?.items === items ? picked.index : items.length > 0 ? 0 : -1;
  const setActive = (index: number) => setPicked({ items, index });
  // The answer on screen is for what is typed now (not the last answer kept while the next loads).
  const current = debounced === text.trim() && !query.isPlaceholderData && !query.isFetching;
  // Enter pressed before the answer came: open the first row as soon as it is there.
  const [enterPending, setEnterPending] = useState(false);

  const open = (item: SearchItem) => {
    onClose();
    void navigate(item.href);
  };

  useEffect(() => {
    if (!enterPending || !current) return;
    setEnterPending(false);
    const item = items[Math.max(active, 0)];
    if (item) {
      onClose();
      void navigate(item.href);
    }
  }, [enterPending, current, items, active, onClose, navigate]);

  const optionId = (index: number) => `${listId}-option-${index}`;
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(moveActive(active, event.key === 'ArrowDown' ? 1 : -1, items.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = items[active];
      if (current && item) open(item);
      else if (text.trim()) setEnterPending(true);
    }
  };

  const searching = Boolean(text.trim()) && (!current || query.isPending);
  return (
    <Stack gap="sm">
      <TextInput
        data-autofocus
        placeholder={HINT}
        aria-label="Search clients, accounts, transactions and IB codes"
        leftSection={<IconSearch size={16} />}
        rightSection={searching ? <Loader size="xs" aria-label="Searching" /> : null}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={items.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        maxLength={100}
      />
      <ScrollArea.Autosize mah="55vh" type="auto">
        <Box id={listId} role="listbox" aria-label="Search results">
          {SEARCH_GROUPS.map((group) => {
            const rows = items.map((item, index) => ({ item, index })).filter((r) => r.item.group === group);
            if (rows.length === 0) return null;
            return (
              <Box key={group} role="group" aria-label={group} mb="xs">
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" py={4}>
                  {group}
                </Text>
                {rows.map(({ item, index }) => (
                  <UnstyledButton
                    key={item.id}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    tabIndex={-1}
                    display="block"
                    w="100%"
                    px="xs"
                    py={6}
                    bg={index === active ? 'blue.0' : undefined}
                    style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                    onMouseMove={() => index !== active && setActive(index)}
                    // Keep the focus in the input, so typing and the arrow keys go on working.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => open(item)}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <Text size="sm" fw={500} truncate>
                        {item.title}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed" truncate>
                      {item.detail}
                    </Text>
                  </UnstyledButton>
                ))}
              </Box>
            );
          })}
        </Box>
      </ScrollArea.Autosize>
      {query.isError && (
        <Text size="sm" c="red" role="alert">
          The search did not work. Try again.
        </Text>
      )}
      {current && debounced && items.length === 0 && !query.isError && (
        <Text size="sm" c="dimmed">
          Nothing found for “{debounced}”. Staff are not searched here: they are on the Staff screen.
        </Text>
      )}
      <Text size="xs" c="dimmed">
        ↑ ↓ to move · Enter to open · Esc to close
      </Text>
    </Stack>
  );
}
