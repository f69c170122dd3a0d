import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Header } from './header.tsx';
import { useNewDepositsNotice } from './new-deposits-notice.tsx';
import { Sidebar } from './sidebar.tsx';

/** The signed-in frame: header, sidebar (a drawer on phones) and the screen. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  useNewDepositsNotice();

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 290, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Header navOpened={navOpened} onToggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar aria-label="Main menu">
        <Sidebar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">{children}</AppShell.Main>
    </AppShell>
  );
}
