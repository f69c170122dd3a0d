import type { SavedView } from '@brokerdesk/contract';
import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { ListDefaults } from '../list-state.ts';
import { viewLink } from './settings-logic.ts';

/**
 * A view's link, to copy and send: it opens the view for any staff member. Shown in a field as well
 * as copied, since the clipboard is not available to a console reached over plain HTTP.
 */
export function ShareViewModal({
  view,
  defaults,
  onClose,
}: {
  view: SavedView;
  defaults: ListDefaults;
  onClose: () => void;
}) {
  const [params] = useSearchParams();
  const here = new URL(window.location.href);
  here.search = params.toString();
  const link = viewLink(here, view._id, defaults);
  return (
    <Modal opened onClose={onClose} title={`Share “${view.name}”`} centered size="lg">
      <Stack gap="sm">
        <TextInput
          label="Link to this view"
          readOnly
          value={link}
          data-autofocus
          onFocus={(event) => event.currentTarget.select()}
        />
        <Text size="xs" c="dimmed">
          Any staff member who opens it sees this list with the view&apos;s filters, sort and columns. Later
          changes to the view show for them too; if you delete it, the link stops working.
        </Text>
        <Group justify="flex-end">
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy} disabled={!window.isSecureContext}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
