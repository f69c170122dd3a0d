import type { MenuCounters } from '@brokerdesk/contract';
import { Badge, Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useStaffRole } from '../../features/audit/staff-role.ts';
import { isItemActive, navGroupsFor, type NavItem } from './nav-items.ts';
import { PlatformStatusLights } from './platform-status.tsx';
import { useRequestCounters } from './system-queries.ts';

function CountBadge({ count, label = 'new' }: { count: number | undefined; label?: string }) {
  // Badge only when there is something new (SPEC 2.2).
  if (!count || count <= 0) return null;
  return (
    <Badge size="sm" color="red" variant="filled" circle={count < 10} aria-label={`${count} ${label}`}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

function SidebarLink({ item, counters, onNavigate }: SidebarLinkProps) {
  const { pathname } = useLocation();
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

type SidebarLinkProps = { item: NavItem; counters: MenuCounters | undefined; onNavigate: () => void };

/** The sidebar of SPEC 2.2: platform lights, then the four link groups with their new-request badges. */
export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
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
                <SidebarLink key={item.to} item={item} counters={counters} onNavigate={onNavigate} />
              ))}
            </div>
          ))}
        </Stack>
      </ScrollArea>
    </>
  );
}
