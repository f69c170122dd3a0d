import type { MenuCounters } from '@brokerdesk/contract';
import {
  Badge,
  Collapse,
  Divider,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { memo, useId } from 'react';
import { Link, useLocation } from 'react-router';
import { useStaffRole } from '../../features/audit/staff-role.ts';
import { groupBadge, isItemActive, navGroupsFor, type NavGroup, type NavItem } from './nav-items.ts';
import { PlatformStatusLights } from './platform-status.tsx';
import { useRequestCounters } from './system-queries.ts';
import { useCollapsedGroups } from './use-collapsed-groups.ts';

function CountBadge({ count, label = 'new' }: { count: number | undefined; label?: string }) {
  // Badge only when there is something new (docs/product.md [screen.sidebar]).
  if (!count || count <= 0) return null;
  return (
    <Badge size="sm" color="red" variant="filled" circle={count < 10} aria-label={`${count} ${label}`}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

// Rows a little tighter than Mantine's default, so every group fits a 1366x768 laptop screen.
const LINK_STYLES = { body: { fontSize: 13, lineHeight: '20px' }, label: { fontSize: 13 } } as const;

/** What every link of the menu needs: the badges' counts, where the staff member is, what a click does. */
type MenuState = { counters: MenuCounters | undefined; pathname: string; onNavigate: () => void };

function SidebarLink({ item, menu }: { item: NavItem; menu: MenuState }) {
  const { counters, pathname, onNavigate } = menu;
  const Icon = item.icon;
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={item.label}
      active={isItemActive(item, pathname)}
      leftSection={<Icon size={17} stroke={1.6} />}
      rightSection={
        <CountBadge count={item.counter ? counters?.[item.counter] : undefined} label={item.counterLabel} />
      }
      onClick={onNavigate}
      py={2}
      styles={LINK_STYLES}
    />
  );
}

type SidebarGroupProps = {
  group: NavGroup;
  collapsed: boolean;
  onToggle: (label: string) => void;
  menu: MenuState;
};

/**
 * A group of links under a heading that folds it away and opens it again. Folded, the heading carries
 * the sum of its links' badges, so nothing waiting is out of sight, and takes the active colour when
 * the screen on show is one of its links.
 */
function SidebarGroup({ group, collapsed, onToggle, menu }: SidebarGroupProps) {
  const id = useId();
  const badge = groupBadge(group, menu.counters);
  const here = collapsed && group.items.some((item) => isItemActive(item, menu.pathname));
  return (
    <div>
      <UnstyledButton
        w="100%"
        px="sm"
        py={1}
        aria-expanded={!collapsed}
        aria-controls={id}
        title={collapsed ? `Show ${group.label.toLowerCase()}` : `Hide ${group.label.toLowerCase()}`}
        onClick={() => onToggle(group.label)}
      >
        <Group justify="space-between" wrap="nowrap" mih={18}>
          <Group gap={4} wrap="nowrap">
            <IconChevronDown
              size={12}
              stroke={2.5}
              color="var(--mantine-color-dimmed)"
              style={{ transform: collapsed ? 'rotate(-90deg)' : undefined, transition: 'transform 120ms' }}
            />
            <Text size="xs" fw={700} c={here ? 'blue.7' : 'dimmed'} style={{ letterSpacing: 0.5 }}>
              {group.label}
            </Text>
          </Group>
          {collapsed && <CountBadge count={badge.count} label={badge.label} />}
        </Group>
      </UnstyledButton>
      <Collapse in={!collapsed} id={id} transitionDuration={120}>
        {group.items.map((item) => (
          <SidebarLink key={item.to} item={item} menu={menu} />
        ))}
      </Collapse>
    </div>
  );
}

/**
 * The sidebar of docs/product.md [screen.sidebar]: platform lights, then the link groups with their
 * new-request badges. Each group folds under its heading, and this browser remembers which are folded.
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
  const { isCollapsed, toggle } = useCollapsedGroups();
  const menu = { counters, pathname, onNavigate };
  return (
    <>
      <PlatformStatusLights />
      <Divider />
      <ScrollArea type="hover" style={{ flex: 1 }}>
        <Stack gap={2} py={4}>
          {groups.map((group) => (
            <SidebarGroup
              key={group.label}
              group={group}
              collapsed={isCollapsed(group.label)}
              onToggle={toggle}
              menu={menu}
            />
          ))}
        </Stack>
      </ScrollArea>
    </>
  );
});
