import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

type Props = {
  title: string;
  onClose: () => void;
  /** Called on submit (the button or Enter); the page never reloads. */
  onSubmit: () => void;
  submitLabel: string;
  /** Off while something required is missing, so nothing incomplete is sent. */
  submitDisabled?: boolean;
  busy?: boolean;
  children: ReactNode;
};

/** A small form in a modal: its fields, then Cancel and the submit button at the bottom right. */
export function FormModal({ title, onClose, onSubmit, submitLabel, submitDisabled, busy, children }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          {children}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={submitDisabled} loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
