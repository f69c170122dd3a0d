import { MESSAGES, groupFieldsRequest, type Group, type GroupFieldsRequest } from '@brokerdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group as Row, Modal, Stack, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorsOf } from '../../shared/api.ts';
import { confirmAction } from '../../shared/confirm-modal.tsx';
import { ErrorAlert } from '../../shared/error-alert.tsx';
import { useGroupChange } from './group-queries.ts';
import { onSubmit } from '../../shared/on-submit.ts';
import { FormSelect } from '../../shared/form-select.tsx';
import { fieldProps } from '../../shared/field-props.ts';

type Output = z.output<typeof groupFieldsRequest>;
const FIELD_KEYS = ['groupId', 'groupName', 'groupStatus', 'copy'] as const;

type Props = {
  /** The group to edit or delete; null adds a new one. */
  group: Group | null;
  onClose: () => void;
};

/**
 * 'Add group' and the Edit/Delete modal (docs/product.md [screen.groups], [rule.groups]). Errors stay in the
 * modal, in red (docs/product.md [messages]).
 */
export function GroupModal({ group, onClose }: Props) {
  const editing = group !== null;
  const form = useForm<GroupFieldsRequest, unknown, Output>({
    resolver: zodResolver(groupFieldsRequest),
    defaultValues: group
      ? {
          groupId: group.groupId,
          groupName: group.groupName,
          groupStatus: group.groupStatus,
          copy: group.copy,
        }
      : { groupId: '', groupName: '', groupStatus: 'active', copy: '' },
  });
  const change = useGroupChange();
  const serverErrors = change.error ? errorsOf(change.error) : {};
  const field = fieldProps(form, serverErrors);
  const errors = form.formState.errors;
  const busy = change.isPending;

  const save = form.handleSubmit((body) =>
    change.mutate({ action: editing ? 'edit' : 'add', body }, { onSuccess: onClose }),
  );

  const remove = async () => {
    if (!group) return;
    const sure = await confirmAction({
      message: MESSAGES.deleteGroup(group.groupId),
      confirmLabel: 'Delete',
      danger: true,
    });
    if (sure) change.mutate({ action: 'delete', body: { groupId: group.groupId } }, { onSuccess: onClose });
  };

  return (
    <Modal opened onClose={onClose} title={editing ? `Edit group ${group.groupId}` : 'Add group'} centered>
      <form noValidate onSubmit={onSubmit(save)}>
        <Stack gap="sm">
          <TextInput
            label="Group ID"
            withAsterisk
            // The id is the group's key on the platform; a different id is a different group.
            readOnly={editing}
            variant={editing ? 'filled' : 'default'}
            description={
              editing ? 'The ID cannot be changed.' : 'As on the trading platform, e.g. real\\usd-std'
            }
            data-autofocus={editing ? undefined : true}
            {...field('groupId')}
          />
          <TextInput
            label="Group name"
            withAsterisk
            data-autofocus={editing ? true : undefined}
            {...field('groupName')}
          />
          <FormSelect
            control={form.control}
            name="groupStatus"
            label="Status"
            withAsterisk
            data={['active', 'disabled']}
            error={errors.groupStatus?.message ?? serverErrors.groupStatus}
          />
          <TextInput
            label="Copy flag"
            description="D shows the group in red in the list."
            maxLength={8}
            {...field('copy')}
          />
          <ErrorAlert errors={serverErrors} fieldKeys={FIELD_KEYS} />
          <Row justify="space-between" mt="xs">
            {editing ? (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={() => void remove()}
                loading={busy && change.variables?.action === 'delete'}
                disabled={busy && change.variables?.action !== 'delete'}
              >
                Delete
              </Button>
            ) : (
              <span />
            )}
            <Row gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button
                type="submit"
                loading={busy && change.variables?.action !== 'delete'}
                disabled={busy && change.variables?.action === 'delete'}
              >
                {editing ? 'Save' : 'Add group'}
              </Button>
            </Row>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
