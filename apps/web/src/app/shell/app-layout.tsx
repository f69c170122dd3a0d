import { AppShell } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { GlobalSearch } from '../../features/search/index.ts';
import { Header } from './header.tsx';
import { useNewDepositsNotice } from './new-deposits-notice.tsx';
import { ShortcutsDialog, useShortcutsKey } from './shortcuts-dialog.tsx';
import { Sidebar } from './sidebar.tsx';
import { getClaims } from '../../shared/session.ts';
import { useStaffTimeZone, useTimeZone } from '../../shared/time-zone/index.ts';
import { useLiveUpdates } from './use-live-updates.ts';

/**
 * The signed-in frame: header, sidebar (a drawer on phones) and the screen; live updates while signed
 * in; the global search on Ctrl+K / Cmd+K from anywhere, text fields included; '?' lists the shortcuts.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const [searchOpened, search] = useDisclosure(false);
  useNewDepositsNotice();
  useLiveUpdates();
  useHotkeys([['mod+K', search.open]], []);
  const [shortcutsOpened, shortcuts] = useDisclosure(false);
  useShortcutsKey(shortcuts.open);
  // Times follow the staff member's zone; a new choice draws the screen again in it.
  useStaffTimeZone(getClaims()?.sub);
  const zone = useTimeZone();

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 290, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Header
          navOpened={navOpened}
          onToggleNav={toggle}
          onOpenSearch={search.open}
          onShowShortcuts={shortcuts.open}
        />
      </AppShell.Header>
      <AppShell.Navbar aria-label="Main menu">
        <Sidebar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0" key={zone}>
        {children}
      </AppShell.Main>
      <GlobalSearch opened={searchOpened} onClose={search.close} />
      <ShortcutsDialog opened={shortcutsOpened} onClose={shortcuts.close} />
    </AppShell>
  );
}
