import { Button, Group, Modal, Stack, type MantineSpacing } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

type ButtonsProps = {
  onCancel: () => void;
  submitLabel: string;
  /** Off while something required is missing, so nothing incomplete is sent. */
  submitDisabled?: boolean;
  busy?: boolean;
  mt?: MantineSpacing;
};

/** Cancel and the submit button at the foot of a form, on the right; every form of the console ends so. */
export function FormButtons({ onCancel, submitLabel, submitDisabled, busy, mt }: ButtonsProps) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={submitDisabled} loading={busy}>
        {submitLabel}
      </Button>
    </Group>
  );
}

type Props = Omit<ButtonsProps, 'onCancel' | 'mt'> & {
  title: string;
  onClose: () => void;
  /** Called on submit (the button or Enter); the page never reloads. */
  onSubmit: () => void;
  /** Room between the fields ('sm' unless a form asks for more). */
  gap?: MantineSpacing;
  children: ReactNode;
};

/** A small form in a modal: its fields, then Cancel and the submit button at the bottom right. */
export function FormModal({ title, onClose, onSubmit, gap = 'sm', children, ...buttons }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form noValidate onSubmit={submit}>
        <Stack gap={gap}>
          {children}
          <FormButtons onCancel={onClose} mt="xs" {...buttons} />
        </Stack>
      </form>
    </Modal>
  );
}
