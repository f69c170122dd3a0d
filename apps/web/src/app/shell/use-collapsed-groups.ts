import { useLocalStorage } from '@mantine/hooks';
import { useCallback } from 'react';
import { COLLAPSED_GROUPS_KEY } from '../../shared/session.ts';

/**
 * The sidebar groups folded in this browser. Every group is open until someone folds it, so a new
 * staff member sees the whole menu; a folded group keeps its place and its badges on the heading.
 */
export function useCollapsedGroups() {
  const [collapsed, setCollapsed] = useLocalStorage<string[]>({
    key: COLLAPSED_GROUPS_KEY,
    defaultValue: [],
    getInitialValueInEffect: false,
  });
  const toggle = useCallback(
    (label: string) =>
      setCollapsed((current) =>
        current.includes(label) ? current.filter((l) => l !== label) : [...current, label],
      ),
    [setCollapsed],
  );
  return { isCollapsed: (label: string) => collapsed.includes(label), toggle };
}
