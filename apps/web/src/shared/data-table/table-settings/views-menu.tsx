import type { SavedView } from '@brokerdesk/contract';
import { Button, Menu } from '@mantine/core';
import { IconBookmark, IconCheck, IconChevronDown, IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { ManageViewsModal } from './manage-views-modal.tsx';
import { SaveViewModal } from './save-view-modal.tsx';
import { ShareViewModal } from './share-view-modal.tsx';
import type { ListDefaults } from '../list-state.ts';
import type { TableSettings } from './use-table-settings.ts';

type Dialog = { kind: 'save' } | { kind: 'manage' } | { kind: 'share'; view: SavedView } | null;

/** Saved views of the list: open one, save the current filters, sort and columns, share, manage. */
export function ViewsMenu<T>({ settings, defaults }: { settings: TableSettings<T>; defaults: ListDefaults }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const { views, active } = settings;
  const close = () => setDialog(null);
  return (
    <>
      <Menu position="bottom-start" shadow="md" withinPortal>
        <Menu.Target>
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            leftSection={<IconBookmark size={16} />}
            rightSection={<IconChevronDown size={14} />}
            data-testid="views-menu"
          >
            {active ? `View: ${active.name}` : 'Views'}
          </Button>
        </Menu.Target>
        <Menu.Dropdown maw={320}>
          <Menu.Label>Saved views</Menu.Label>
          {views.length === 0 && <Menu.Item disabled>No saved views yet</Menu.Item>}
          {views.map((view) => (
            <Menu.Item
              key={view._id}
              onClick={() => settings.open(view)}
              leftSection={
                view._id === active?._id ? <IconCheck size={14} /> : <span style={{ width: 14 }} />
              }
              rightSection={
                view.isDefault ? <IconStarFilled size={12} aria-label="Opens by default" /> : undefined
              }
            >
              {view.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={() => setDialog({ kind: 'save' })}>Save current view…</Menu.Item>
          {active && (
            <Menu.Item onClick={() => setDialog({ kind: 'share', view: active })}>
              Share link to “{active.name}”…
            </Menu.Item>
          )}
          {views.length > 0 && (
            <Menu.Item onClick={() => setDialog({ kind: 'manage' })}>Manage views…</Menu.Item>
          )}
          <Menu.Item onClick={settings.clear}>Clear filters and sort</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {dialog?.kind === 'save' && <SaveViewModal settings={settings} onClose={close} />}
      {dialog?.kind === 'share' && <ShareViewModal view={dialog.view} defaults={defaults} onClose={close} />}
      {dialog?.kind === 'manage' && (
        <ManageViewsModal
          settings={settings}
          onShare={(view) => setDialog({ kind: 'share', view })}
          onClose={close}
        />
      )}
    </>
  );
}
