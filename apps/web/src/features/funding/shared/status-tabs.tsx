import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { StatusTab } from './funding-tabs.ts';

type Props<S extends string> = {
  tabs: readonly StatusTab<S>[];
  value: S;
  /** The route without its status, e.g. '/deposit-requests'. */
  basePath: string;
};

/**
 * The status tabs of a request screen. Each tab is its own route (docs/product.md [routes]), so a tab opens
 * with a fresh list view: page, sort and filters of one status mean nothing on another.
 */
export function StatusTabs<S extends string>({ tabs, value, basePath }: Props<S>) {
  const navigate = useNavigate();
  return (
    <Tabs value={value} onChange={(next) => next && next !== value && void navigate(`${basePath}/${next}`)}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} fw={600}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {/* Empty panels, so each tab's aria-controls names an element (the list itself follows). */}
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} keepMounted>
          {null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
