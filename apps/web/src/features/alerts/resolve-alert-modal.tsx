import { useState } from 'react';
import { ALERT_MESSAGES, ALERT_RULE_LABELS, type Alert } from '@brokerdesk/contract';
import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { errorsOf } from '../../shared/api.ts';
import { ErrorAlert } from '../../shared/error-alert.tsx';
import { useResolveAlert } from './alerts-queries.ts';

/**
 * Resolve an alert: cleared (nothing wrong) or confirmed (a real concern), with a note that is always
 * required (docs/product.md [alerts.resolve]). The note is checked here and again by the server.
 */
export function ResolveAlertModal({ alert, onClose }: { alert: Alert | null; onClose: () => void }) {
  const [outcome, setOutcome] = useState<'cleared' | 'confirmed'>('cleared');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const resolve = useResolveAlert();
  const serverErrors = resolve.error ? errorsOf(resolve.error) : null;

  const close = () => {
    setOutcome('cleared');
    setNote('');
    setNoteError(null);
    resolve.reset();
    onClose();
  };
  const submit = () => {
    if (!alert) return;
    if (!note.trim()) {
      setNoteError(ALERT_MESSAGES.noteRequired);
      return;
    }
    resolve.mutate({ alertId: alert.id, body: { outcome, note } }, { onSuccess: close });
  };

  return (
    <Modal opened={alert !== null} onClose={close} title="Resolve alert" size="lg">
      {alert && (
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {ALERT_RULE_LABELS[alert.rule]} · {alert.clientName}
          </Text>
          <Text size="sm">{alert.summary}</Text>
          <SegmentedControl
            aria-label="Outcome"
            value={outcome}
            onChange={(v) => setOutcome(v as 'cleared' | 'confirmed')}
            data={[
              { value: 'cleared', label: 'Cleared: nothing wrong' },
              { value: 'confirmed', label: 'Confirmed: a real concern' },
            ]}
          />
          <Textarea
            label="Note"
            description="What you checked and why you decided so."
            required
            autosize
            minRows={3}
            maxLength={2000}
            value={note}
            onChange={(e) => {
              setNote(e.currentTarget.value);
              setNoteError(null);
            }}
            error={noteError ?? serverErrors?.note}
          />
          {serverErrors && !serverErrors.note && <ErrorAlert errors={serverErrors} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color={outcome === 'confirmed' ? 'red' : 'blue'}
              loading={resolve.isPending}
              onClick={submit}
            >
              {outcome === 'cleared' ? 'Clear alert' : 'Confirm alert'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
