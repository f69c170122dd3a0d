import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { errorsOf } from '../../shared/api.ts';
import { ErrorAlert } from '../../shared/error-alert.tsx';
import { authApi } from './auth-api.ts';
import { AuthCard } from './auth-card.tsx';
import { newPasswordFormSchema, type NewPasswordForm } from './new-password-form.ts';
import { onSubmit } from '../../shared/on-submit.ts';
import { fieldProps } from '../../shared/field-props.ts';

type FormValues = NewPasswordForm;

/** /resetpassword/:id, opened from the reset email (or after confirming a set-password link). */
export function ResetPasswordPage() {
  const { id = '' } = useParams();
  const form = useForm<FormValues>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', password2: '' },
  });
  const save = useMutation({
    mutationFn: (values: FormValues) => authApi.newPassword({ id, password: values.password }),
    meta: { errorNotice: false },
  });
  const serverErrors = save.error ? errorsOf(save.error) : {};
  const field = fieldProps(form, serverErrors);

  if (save.data?.success) {
    return (
      <AuthCard title="Set a new password">
        <Alert color="green" variant="light" role="status">
          {save.data.message}
        </Alert>
        <Button component={Link} to="/login" fullWidth>
          Log In
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Set a new password">
      <form noValidate onSubmit={onSubmit(form.handleSubmit((values) => save.mutate(values)))}>
        <Stack gap="md">
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            autoFocus
            {...field('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            {...field('password2')}
          />
          <ErrorAlert errors={serverErrors} fieldKeys={['password', 'password2']} />
          {save.data && !save.data.success && (
            <Alert color="red" variant="light" role="alert">
              {save.data.message}
            </Alert>
          )}
          <Button type="submit" fullWidth loading={save.isPending}>
            SAVE PASSWORD
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to login
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
