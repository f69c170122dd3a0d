import { Badge, Burger, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SearchButton } from '../../features/search/index.ts';
import { fullName } from '../../shared/formatters.ts';
import { getClaims } from '../../shared/session.ts';
import { useLogout } from '../use-logout.ts';
import { SettingsMenu } from './settings-menu.tsx';
import { useMe } from './system-queries.ts';

type Props = {
  navOpened: boolean;
  onToggleNav: () => void;
  onOpenSearch: () => void;
  onShowShortcuts: () => void;
};

/**
 * The header of docs/product.md [overview]: the ADMIN label, the staff member's name and the logout control;
 * and the way into the global search.
 */
export function Header({ navOpened, onToggleNav, onOpenSearch, onShowShortcuts }: Props) {
  const { data: me } = useMe();
  const { logout, pending } = useLogout();
  // Until /api/users/me answers, the name in the token avoids a blank header.
  const name = me ? fullName(me.name, me.surname) : (getClaims()?.name ?? '');

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label="Toggle menu" />
        <UnstyledButton component={Link} to="/" title="Admin Dashboard">
          <Group gap={8} wrap="nowrap">
            <Text fw={800} size="lg" c="blue.8">
              Brokerdesk
            </Text>
            <Badge variant="filled" color="dark" radius="sm">
              ADMIN
            </Badge>
          </Group>
        </UnstyledButton>
      </Group>
      <Group gap="md" wrap="nowrap">
        <SearchButton onClick={onOpenSearch} />
        <SettingsMenu onShowShortcuts={onShowShortcuts} />
        <Group gap={6} wrap="nowrap" visibleFrom="xs">
          <IconUserCircle size={20} stroke={1.5} />
          <Text size="sm" fw={500} data-testid="staff-name" truncate maw={240}>
            {name}
          </Text>
        </Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconLogout size={16} />}
          onClick={() => void logout()}
          loading={pending}
        >
          Logout
        </Button>
      </Group>
    </Group>
  );
}
