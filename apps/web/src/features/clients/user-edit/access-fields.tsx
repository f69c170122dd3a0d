import { editPermissions, isStaff, type Role } from '@brokerdesk/contract';
import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import type { FieldErrors } from '../../../shared/api.ts';
import { USER_STATUS_OPTIONS } from '../user-labels.ts';
import { roleOptions, type EditUserValues } from './edit-user-values.ts';

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
      <Controller
        control={control}
        name="role"
        render={({ field }) => (
          <Select
            label="Role"
            withAsterisk
            data={roleOptions(perms, targetRole)}
            value={field.value}
            onChange={(value) => value && field.onChange(value)}
            allowDeselect={false}
            disabled={!perms.canChangeRole}
            description={
              !perms.canChangeRole
                ? 'Only a SYSOP can change the role.'
                : isStaff(chosenRole)
                  ? 'Staff accounts are always saved as approved.'
                  : undefined
            }
            error={errors.role?.message ?? serverErrors.role}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
      {perms.canChangeStatus && (
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <Select
              label="Status"
              withAsterisk
              data={USER_STATUS_OPTIONS}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
              allowDeselect={false}
              error={errors.status?.message ?? serverErrors.status}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
      )}
    </SimpleGrid>
  );
}
