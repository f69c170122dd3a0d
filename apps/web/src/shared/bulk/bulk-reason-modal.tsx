import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

type Props = {
  title: string;
  /** What happens, e.g. 'Reject 3 deposits'. */
  intro: string;
  label: string;
  /** The words when the reason is blank (docs/product.md [rule.reject-reason]). */
  required: string;
  confirmLabel: string;
  danger: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
};

/**
 * The one reason (or comment) for every selected row; blank is refused here, as docs/product.md [rules]
 * blocks it.
 */
export function BulkReasonModal(p: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!reason.trim()) setError(p.required);
    else p.onConfirm(reason.trim());
  };
  return (
    <Modal opened onClose={p.onCancel} title={p.title} centered>
      <Stack gap="sm">
        <Text size="sm">{p.intro}</Text>
        <Textarea
          label={p.label}
          data-autofocus
          autosize
          minRows={3}
          maxLength={2000}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={p.onCancel}>
            Cancel
          </Button>
          <Button color={p.danger ? 'red' : undefined} onClick={submit}>
            {p.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
