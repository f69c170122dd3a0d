import { staffInviteRequest, type StaffInviteRequest } from '@brokerdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorsOf } from '../../shared/api.ts';
import { ErrorAlert } from '../../shared/error-alert.tsx';
import { showSuccessNotice } from '../../shared/notify.ts';
import { useInviteStaff } from './staff-queries.ts';
import { FormSelect } from '../../shared/form-select.tsx';
import { FormModal } from '../../shared/form-modal.tsx';
import { fieldProps } from '../../shared/field-props.ts';

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
  const field = fieldProps(form, serverErrors);
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
    <FormModal
      title="Invite staff member"
      onClose={onClose}
      onSubmit={() => void save()}
      submitLabel="Send invitation"
      busy={invite.isPending}
    >
      <TextInput label="Name" withAsterisk data-autofocus {...field('name')} />
      <TextInput label="Surname" withAsterisk {...field('surname')} />
      <TextInput label="Email" type="email" withAsterisk {...field('email')} />
      <FormSelect
        control={form.control}
        name="role"
        label="Role"
        withAsterisk
        data={['ADMIN', 'SYSOP']}
        error={errors.role?.message ?? serverErrors.role}
      />
      <Text size="xs" c="dimmed">
        The invitation link is valid for 7 days. Signing in also needs the code we email them.
      </Text>
      <ErrorAlert errors={serverErrors} fieldKeys={FIELD_KEYS} />
    </FormModal>
  );
}
