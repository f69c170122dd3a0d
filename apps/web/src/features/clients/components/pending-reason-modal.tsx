import { MESSAGES, processUserRequest } from '@brokerdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorsOf } from '../../../shared/api.ts';
import { ErrorAlert } from '../../../shared/error-alert.tsx';
import { onSubmit } from '../../../shared/on-submit.ts';

type Values = z.input<typeof processUserRequest>;

type Props = {
  userId: string;
  currentReason: string;
  loading: boolean;
  /** The server's refusal of the last try, shown in the modal. */
  error?: unknown;
  onConfirm: (reason: string) => void;
  onClose: () => void;
};

/**
 * Pending asks for a reason ('Reason is required.') as well as the confirmation (docs/product.md [states],
 * [rule.pending-reason]).
 */
export function PendingReasonModal({ userId, currentReason, loading, error, onConfirm, onClose }: Props) {
  const form = useForm<Values, unknown, z.output<typeof processUserRequest>>({
    resolver: zodResolver(processUserRequest),
    defaultValues: { userId, status: 'pending', reason: currentReason },
  });

  return (
    <Modal opened onClose={onClose} title="Please confirm" centered>
      <form noValidate onSubmit={onSubmit(form.handleSubmit((values) => onConfirm(values.reason)))}>
        <Stack gap="md">
          <Text size="sm">{MESSAGES.changeUserStatus('pending')}</Text>
          <Textarea
            label="Reason"
            description="Shown in the REASON column of the user lists."
            withAsterisk
            autosize
            minRows={2}
            data-autofocus
            {...form.register('reason')}
            error={form.formState.errors.reason?.message}
          />
          {error ? <ErrorAlert errors={errorsOf(error)} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="yellow" autoContrast loading={loading}>
              Yes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
