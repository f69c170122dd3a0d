import type { MenuCounters } from '@brokerdesk/contract';
import { Badge, Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { Link, useLocation } from 'react-router';
import { useStaffRole } from '../../features/audit/staff-role.ts';
import { isItemActive, navGroupsFor, type NavItem } from './nav-items.ts';
import { PlatformStatusLights } from './platform-status.tsx';
import { useRequestCounters } from './system-queries.ts';

function CountBadge({ count, label = 'new' }: { count: number | undefined; label?: string }) {
  // Badge only when there is something new (docs/product.md [screen.sidebar]).
  if (!count || count <= 0) return null;
  return (
    <Badge size="sm" color="red" variant="filled" circle={count < 10} aria-label={`${count} ${label}`}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

function SidebarLink({ item, counters, pathname, onNavigate }: SidebarLinkProps) {
  const Icon = item.icon;
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={item.label}
      active={isItemActive(item, pathname)}
      leftSection={<Icon size={18} stroke={1.6} />}
      rightSection={
        <CountBadge count={item.counter ? counters?.[item.counter] : undefined} label={item.counterLabel} />
      }
      onClick={onNavigate}
      py={5}
    />
  );
}

type SidebarLinkProps = {
  item: NavItem;
  counters: MenuCounters | undefined;
  pathname: string;
  onNavigate: () => void;
};

/**
 * The sidebar of docs/product.md [screen.sidebar]: platform lights, then the four link groups with their
 * new-request badges.
 */
export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  // Only the path marks the active link: a list's page flip (the query string) leaves the menu alone.
  return <SidebarMenu pathname={useLocation().pathname} onNavigate={onNavigate} />;
}

const SidebarMenu = memo(function SidebarMenu({
  pathname,
  onNavigate,
}: {
  pathname: string;
  onNavigate: () => void;
}) {
  const { data: counters } = useRequestCounters();
  const groups = navGroupsFor(useStaffRole());
  return (
    <>
      <PlatformStatusLights />
      <Divider />
      <ScrollArea type="hover" style={{ flex: 1 }}>
        <Stack gap="sm" py="sm">
          {groups.map((group) => (
            <div key={group.label}>
              <Text size="xs" fw={700} c="dimmed" px="sm" pb={4} style={{ letterSpacing: 0.5 }}>
                {group.label}
              </Text>
              {group.items.map((item) => (
                <SidebarLink
                  key={item.to}
                  item={item}
                  counters={counters}
                  pathname={pathname}
                  onNavigate={onNavigate}
                />
              ))}
            </div>
          ))}
        </Stack>
      </ScrollArea>
    </>
  );
});
