import { editPermissions, isStaff, type Role } from '@brokerdesk/contract';
import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import type { FieldErrors } from '../../../shared/api.ts';
import { USER_STATUS_OPTIONS } from '../user-labels.ts';
import { roleOptions, type EditUserValues } from './edit-user-values.ts';
import { FormSelect } from '../../../shared/form-select.tsx';

type Props = { editorRole: Role; targetRole: Role; serverErrors: FieldErrors };

/**
 * Email, verification, role and status: what decides how the user gets in (docs/product.md [rule.edit-user]).
 */
export function AccessFields({ editorRole, targetRole, serverErrors }: Props) {
  const { register, control, formState, watch } = useFormContext<EditUserValues>();
  const perms = editPermissions(editorRole, targetRole);
  const errors = formState.errors;
  const chosenRole = watch('role');

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <TextInput
        label="Email"
        type="email"
        withAsterisk
        autoComplete="off"
        {...register('newEmail')}
        error={errors.newEmail?.message ?? serverErrors.email ?? serverErrors.newEmail}
      />
      <Controller
        control={control}
        name="emailVerified"
        render={({ field }) => (
          <Checkbox
            label="Email verified"
            mt={{ base: 0, sm: 30 }}
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
          />
        )}
      />
      <FormSelect
        control={control}
        name="role"
        label="Role"
        withAsterisk
        data={roleOptions(perms, targetRole)}
        disabled={!perms.canChangeRole}
        description={
          !perms.canChangeRole
            ? 'Only a SYSOP can change the role.'
            : isStaff(chosenRole)
              ? 'Staff accounts are always saved as approved.'
              : undefined
        }
        error={errors.role?.message ?? serverErrors.role}
      />
      {perms.canChangeStatus && (
        <FormSelect
          control={control}
          name="status"
          label="Status"
          withAsterisk
          data={USER_STATUS_OPTIONS}
          error={errors.status?.message ?? serverErrors.status}
        />
      )}
    </SimpleGrid>
  );
}
