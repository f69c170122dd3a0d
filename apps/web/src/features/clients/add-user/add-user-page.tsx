import { MESSAGES } from '@brokerdesk/contract';
import { Divider, Paper, PasswordInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { errorsOf } from '../../../shared/api.ts';
import { ErrorAlert } from '../../../shared/error-alert.tsx';
import { showSuccessNotice } from '../../../shared/notify.ts';
import { usePageTitle } from '../../../shared/use-page-title.ts';
import { useRegisterUser } from '../client-mutations.ts';
import { BirthDateFields } from '../components/birth-date-fields.tsx';
import { ClientDetailsFields, REQUIRED_DETAILS } from '../components/client-details-fields.tsx';
import {
  ADD_FIELD_KEYS,
  ADD_USER_DEFAULTS,
  addUserResolver,
  type AddUserOutput,
  type AddUserValues,
} from './add-user-form-values.ts';
import { onSubmit } from '../../../shared/on-submit.ts';
import { FormButtons } from '../../../shared/form-modal.tsx';
import { fieldProps } from '../../../shared/field-props.ts';
import { FormSelect } from '../../../shared/form-select.tsx';

/** docs/product.md [routes]: Add User submit or cancel leads back to the users list. */
const AFTER = '/users/all';
const REQUIRED = [...REQUIRED_DETAILS, 'addressNo'] as const;

/**
 * /add-user (docs/product.md [screen.add-user], [rules]): creates a client. Title and county are optional.
 */
export function AddUserPage() {
  usePageTitle('Add User');
  const navigate = useNavigate();
  const form = useForm<AddUserValues, unknown, AddUserOutput>({
    resolver: addUserResolver,
    defaultValues: ADD_USER_DEFAULTS,
  });
  const register = useRegisterUser();
  const serverErrors = register.error ? errorsOf(register.error) : {};
  const field = fieldProps(form, serverErrors);
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) =>
    register.mutate(values, {
      onSuccess: () => {
        showSuccessNotice(MESSAGES.clientCreated);
        void navigate(AFTER);
      },
    }),
  );

  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>Add User</Title>
      <Paper withBorder radius="md" p="lg">
        <FormProvider {...form}>
          <form noValidate onSubmit={onSubmit(submit)}>
            <Stack gap="md">
              <Divider label="Account" labelPosition="left" />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
                <TextInput label="Email" type="email" withAsterisk autoComplete="off" {...field('email')} />
                <FormSelect
                  control={form.control}
                  name="accountType"
                  label="Application type"
                  data={['Individual', 'Corporate']}
                />
                <PasswordInput
                  label="Password"
                  withAsterisk
                  autoComplete="new-password"
                  {...form.register('password')}
                  error={errors.password?.message ?? serverErrors.password ?? serverErrors.passwordincorrect}
                />
                <PasswordInput
                  label="Confirm password"
                  withAsterisk
                  autoComplete="new-password"
                  {...field('password2')}
                />
              </SimpleGrid>
              <Divider label="Personal details" labelPosition="left" />
              <ClientDetailsFields serverErrors={serverErrors} required={REQUIRED} />
              <BirthDateFields
                required
                error={
                  errors.birthDay?.message ??
                  serverErrors.birthDay ??
                  serverErrors.birthMonth ??
                  serverErrors.birthYear
                }
              />
              <ErrorAlert errors={serverErrors} fieldKeys={ADD_FIELD_KEYS} />
              <FormButtons
                onCancel={() => void navigate(AFTER)}
                submitLabel="Add User"
                busy={register.isPending}
              />
            </Stack>
          </form>
        </FormProvider>
      </Paper>
    </Stack>
  );
}
