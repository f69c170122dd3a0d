import { editUserRequest, type Role, type User } from '@brokerdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Divider, NumberInput, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { errorsOf } from '../../../shared/api.ts';
import { ErrorAlert } from '../../../shared/error-alert.tsx';
import { useEditUser } from '../client-mutations.ts';
import { BirthDateFields } from '../components/birth-date-fields.tsx';
import { ClientDetailsFields, REQUIRED_DETAILS } from '../components/client-details-fields.tsx';
import { AccessFields } from './access-fields.tsx';
import {
  EDIT_FIELD_KEYS,
  editUserDefaults,
  toEditRequest,
  type EditUserOutput,
  type EditUserValues,
} from './edit-user-values.ts';
import { onSubmit } from '../../../shared/on-submit.ts';
import { FormButtons } from '../../../shared/form-modal.tsx';
import { fieldProps } from '../../../shared/field-props.ts';

type Props = { user: User; editorRole: Role; onDone: () => void; onCancel: () => void };

/** The Profile tab of Edit User, validated by the contract's editUserRequest. */
export function EditUserForm({ user, editorRole, onDone, onCancel }: Props) {
  const form = useForm<EditUserValues, unknown, EditUserOutput>({
    resolver: zodResolver(editUserRequest),
    defaultValues: editUserDefaults(user),
  });
  const edit = useEditUser();
  const serverErrors = edit.error ? errorsOf(edit.error) : {};
  const field = fieldProps(form, serverErrors);
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) =>
    edit.mutate(toEditRequest(values, user), { onSuccess: onDone }),
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit(submit)}>
        <Stack gap="md">
          <AccessFields editorRole={editorRole} targetRole={user.role} serverErrors={serverErrors} />
          <Divider label="Personal details" labelPosition="left" />
          <ClientDetailsFields serverErrors={serverErrors} required={REQUIRED_DETAILS} />
          <BirthDateFields
            error={errors.birthDay?.message ?? errors.birthMonth?.message ?? errors.birthYear?.message}
          />
          <Divider label="Partner and campaign" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Controller
              control={form.control}
              name="agentCode"
              render={({ field }) => (
                <NumberInput
                  label="Agent code"
                  allowDecimal={false}
                  allowNegative={false}
                  hideControls
                  value={field.value ?? ''}
                  onChange={(value) => field.onChange(value === '' ? null : Number(value))}
                  onBlur={field.onBlur}
                  error={errors.agentCode?.message ?? serverErrors.agentCode}
                />
              )}
            />
            <TextInput
              label="Campaign ID"
              {...field('nullpointCmpId')}
            />
          </SimpleGrid>
          <Divider label="Password" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <PasswordInput
              label="New password"
              description="Leave both empty to keep the current password."
              autoComplete="new-password"
              {...field('password')}
            />
            <PasswordInput
              label="Confirm new password"
              description="Type the new password again."
              autoComplete="new-password"
              {...field('password2')}
            />
          </SimpleGrid>
          <ErrorAlert errors={serverErrors} fieldKeys={EDIT_FIELD_KEYS} />
          <FormButtons onCancel={onCancel} submitLabel="Save" busy={edit.isPending} />
        </Stack>
      </form>
    </FormProvider>
  );
}
