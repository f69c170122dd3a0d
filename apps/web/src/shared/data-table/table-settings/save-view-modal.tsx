import { Checkbox, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorsOf } from '../../api.ts';
import { showSuccessNotice } from '../../notify.ts';
import { VIEWS_MESSAGES } from '@brokerdesk/contract';
import { settingsApi } from './settings-api.ts';
import type { TableSettings } from './use-table-settings.ts';
import { FormButtons } from '../../form-modal.tsx';

/** Names the current filters, sort, page size and columns as a view of this list. */
export function SaveViewModal<T>({ settings, onClose }: { settings: TableSettings<T>; onClose: () => void }) {
  const [name, setName] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const create = useMutation({
    mutationFn: () => settingsApi.create({ list: settings.list, name, state: settings.current(), isDefault }),
    onSuccess: async () => {
      await settings.refresh();
      showSuccessNotice(VIEWS_MESSAGES.saved);
      onClose();
    },
  });
  const errors = create.error ? errorsOf(create.error) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const filters = Object.keys(settings.current().filters).length;
  return (
    <Modal opened onClose={onClose} title="Save view" centered>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            data-autofocus
            maxLength={60}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
          />
          <Text size="xs" c="dimmed">
            Keeps {filters === 1 ? '1 filter' : `${filters} filters`}, the sort, the rows per page and the
            columns shown.
          </Text>
          <Checkbox
            label="Open this list with this view"
            checked={isDefault}
            onChange={(event) => setIsDefault(event.currentTarget.checked)}
          />
          {(errors.server ?? errors.state) && (
            <Text size="sm" c="red" role="alert">
              {errors.server ?? errors.state}
            </Text>
          )}
          <FormButtons onCancel={onClose} submitLabel="Save" busy={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
