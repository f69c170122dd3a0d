import { addLogRequest } from '@brokerdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorsOf } from '../../../shared/api.ts';
import { ErrorAlert } from '../../../shared/error-alert.tsx';
import { useAddLog } from '../client-mutations.ts';
import { FormModal } from '../../../shared/form-modal.tsx';
import { fieldProps } from '../../../shared/field-props.ts';

type Values = z.input<typeof addLogRequest>;

/**
 * + ADD on the Client Log: one event line; blank is refused with 'Event is required.'
 *   (docs/product.md [rule.log-entry]).
 */
export function AddLogModal({ userId, onClose }: { userId: string; onClose: () => void }) {
  const form = useForm<Values>({
    resolver: zodResolver(addLogRequest),
    defaultValues: { userId, event: '' },
  });
  const addLog = useAddLog();
  const serverErrors = addLog.error ? errorsOf(addLog.error) : {};
  const field = fieldProps(form, serverErrors);

  return (
    <FormModal
      title="Add log entry"
      onClose={onClose}
      onSubmit={() => void form.handleSubmit((values) => addLog.mutate(values, { onSuccess: onClose }))()}
      submitLabel="Add"
      busy={addLog.isPending}
      gap="md"
    >
      <Textarea
        label="Event"
        withAsterisk
        autosize
        minRows={3}
        maxRows={10}
        data-autofocus
        {...field('event')}
      />
      <ErrorAlert errors={serverErrors} fieldKeys={['event']} />
    </FormModal>
  );
}

/** The + ADD button of a card that shows the Client Log, with the modal it opens. */
export function AddLogButton({ userId }: { userId: string }) {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
        ADD
      </Button>
      {adding && <AddLogModal userId={userId} onClose={() => setAdding(false)} />}
    </>
  );
}
