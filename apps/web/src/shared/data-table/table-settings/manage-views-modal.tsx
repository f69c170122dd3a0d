import type { SavedView, UpdateViewRequest } from '@brokerdesk/contract';
import { ActionIcon, Button, Group, Modal, Table, Text, Tooltip } from '@mantine/core';
import { IconLink, IconReplace, IconStar, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { errorsOf } from '../../api.ts';
import { confirmAction } from '../../confirm-modal.tsx';
import { showErrorNotice } from '../../notify.ts';
import { settingsApi } from './settings-api.ts';
import type { TableSettings } from './use-table-settings.ts';

type Props<T> = {
  settings: TableSettings<T>;
  onShare: (view: SavedView) => void;
  onClose: () => void;
};

/** The staff member's views of this list: open, share, make default, replace with the current view, delete. */
export function ManageViewsModal<T>({ settings, onShare, onClose }: Props<T>) {
  const onSettled = () => settings.refresh();
  const onError = (error: unknown) => showErrorNotice(Object.values(errorsOf(error))[0]);
  const update = useMutation({
    mutationFn: (body: UpdateViewRequest) => settingsApi.update(body),
    onSettled,
    onError,
  });
  const remove = useMutation({ mutationFn: (id: string) => settingsApi.remove(id), onSettled, onError });

  const replace = async (view: SavedView) => {
    const ok = await confirmAction({
      message: `Replace the filters, sort and columns of “${view.name}” with the ones on screen now?`,
      confirmLabel: 'Replace',
    });
    if (ok) update.mutate({ _id: view._id, state: settings.current() });
  };
  const drop = async (view: SavedView) => {
    const ok = await confirmAction({
      message: `Delete the view “${view.name}”? Links to it stop working.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (ok) remove.mutate(view._id);
  };

  return (
    <Modal opened onClose={onClose} title="Saved views" centered size="lg">
      <Table verticalSpacing={4} aria-label="Saved views">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th style={{ width: 170 }}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {settings.views.map((view) => (
            <Table.Tr key={view._id}>
              <Table.Td>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => {
                    settings.open(view);
                    onClose();
                  }}
                >
                  {view.name}
                </Button>
                {view.isDefault && (
                  <Text span size="xs" c="dimmed" ml="xs">
                    opens by default
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Action label={`Share link to ${view.name}`} onClick={() => onShare(view)}>
                    <IconLink size={16} />
                  </Action>
                  <Action
                    label={
                      view.isDefault ? `Stop opening ${view.name} by default` : `Open ${view.name} by default`
                    }
                    onClick={() => update.mutate({ _id: view._id, isDefault: !view.isDefault })}
                  >
                    {view.isDefault ? <IconStarFilled size={16} /> : <IconStar size={16} />}
                  </Action>
                  <Action
                    label={`Replace ${view.name} with the current view`}
                    onClick={() => void replace(view)}
                  >
                    <IconReplace size={16} />
                  </Action>
                  <Action label={`Delete ${view.name}`} color="red" onClick={() => void drop(view)}>
                    <IconTrash size={16} />
                  </Action>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}

function Action(props: { label: string; color?: string; onClick: () => void; children: React.ReactNode }) {
  return (
    <Tooltip label={props.label} withinPortal>
      <ActionIcon
        variant="subtle"
        color={props.color ?? 'gray'}
        aria-label={props.label}
        onClick={props.onClick}
      >
        {props.children}
      </ActionIcon>
    </Tooltip>
  );
}
