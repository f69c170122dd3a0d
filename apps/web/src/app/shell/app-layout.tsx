import { AppShell } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { GlobalSearch } from '../../features/search/index.ts';
import { Header } from './header.tsx';
import { useNewDepositsNotice } from './new-deposits-notice.tsx';
import { Sidebar } from './sidebar.tsx';
import { useLiveUpdates } from './use-live-updates.ts';

/**
 * The signed-in frame: header, sidebar (a drawer on phones) and the screen; live updates while signed
 * in; the global search on Ctrl+K / Cmd+K from anywhere, text fields included.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const [searchOpened, search] = useDisclosure(false);
  useNewDepositsNotice();
  useLiveUpdates();
  useHotkeys([['mod+K', search.open]], []);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 290, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Header navOpened={navOpened} onToggleNav={toggle} onOpenSearch={search.open} />
      </AppShell.Header>
      <AppShell.Navbar aria-label="Main menu">
        <Sidebar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">{children}</AppShell.Main>
      <GlobalSearch opened={searchOpened} onClose={search.close} />
    </AppShell>
  );
}
