import { staffInviteRequest, type StaffInviteRequest } from '@brokerdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorsOf } from '../../shared/api.ts';
import { ErrorAlert } from '../../shared/error-alert.tsx';
import { showSuccessNotice } from '../../shared/notify.ts';
import { useInviteStaff } from './staff-queries.ts';
import { onSubmit } from '../../shared/on-submit.ts';

type Input = z.input<typeof staffInviteRequest>;
const FIELD_KEYS = ['name', 'surname', 'email', 'role'] as const;

/** Invite a staff member: they get an email with a link to choose their password. */
export function InviteStaffModal({ onClose }: { onClose: () => void }) {
  const form = useForm<Input, unknown, StaffInviteRequest>({
    resolver: zodResolver(staffInviteRequest),
    defaultValues: { name: '', surname: '', email: '', role: 'ADMIN' },
  });
  const invite = useInviteStaff();
  const serverErrors = invite.error ? errorsOf(invite.error) : {};
  const errors = form.formState.errors;

  const save = form.handleSubmit((body) =>
    invite.mutate(body, {
      onSuccess: (reply) => {
        showSuccessNotice(`${reply.message} ${reply.staff.email} will choose a password from the link.`);
        onClose();
      },
    }),
  );

  return (
    <Modal opened onClose={onClose} title="Invite staff member" centered>
      <form noValidate onSubmit={onSubmit(save)}>
        <Stack gap="sm">
          <TextInput
            label="Name"
            withAsterisk
            data-autofocus
            {...form.register('name')}
            error={errors.name?.message ?? serverErrors.name}
          />
          <TextInput
            label="Surname"
            withAsterisk
            {...form.register('surname')}
            error={errors.surname?.message ?? serverErrors.surname}
          />
          <TextInput
            label="Email"
            type="email"
            withAsterisk
            {...form.register('email')}
            error={errors.email?.message ?? serverErrors.email}
          />
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <Select
                label="Role"
                withAsterisk
                data={['ADMIN', 'SYSOP']}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                allowDeselect={false}
                error={errors.role?.message ?? serverErrors.role}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <Text size="xs" c="dimmed">
            The invitation link is valid for 7 days. Signing in also needs the code we email them.
          </Text>
          <ErrorAlert errors={serverErrors} fieldKeys={FIELD_KEYS} />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
