import { loginAdminRequest } from '@brokerdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { errorsOf } from '../../shared/api.ts';
import { ErrorAlert } from '../../shared/error-alert.tsx';
import { DevOutboxNote } from '../dev/dev-outbox-note.tsx';
import { authApi } from './auth-api.ts';
import { AuthCard, EmailInput } from './auth-card.tsx';
import { deviceInfo } from './device-info.ts';
import { saveTicket } from './sign-in-ticket.ts';
import { onSubmit } from '../../shared/on-submit.ts';
import { deviceTokenFor } from '../../shared/device-tokens.ts';
import { fieldProps } from '../../shared/field-props.ts';

/**
 * The form checks what the server checks: required fields and the email format
 * (docs/product.md [rule.login]).
 */
const formSchema = loginAdminRequest.pick({ email: true, password: true });
type FormValues = z.input<typeof formSchema>;

/** Server error keys shown under a field; the rest (server, emailorpassword, 429) go above the button. */
const FIELD_KEYS = ['email', 'password', 'passwordincorrect'] as const;

/** /login: step 1 of sign-in. The reply's ticket (never the password) carries over to /confirm-login. */
export function LoginPage() {
  const navigate = useNavigate();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { email: '', password: '' },
  });
  const login = useMutation({
    mutationFn: (values: FormValues) =>
      authApi.loginAdmin({ ...values, ...deviceInfo(), device: deviceTokenFor(values.email) }),
    meta: { errorNotice: false },
    onSuccess: async (reply) => {
      saveTicket({ email: reply.email, ticket: reply.password });
      await navigate('/confirm-login');
    },
  });
  const serverErrors = login.error ? errorsOf(login.error) : {};
  const field = fieldProps(form, serverErrors);
  const fieldErrors = form.formState.errors;

  return (
    <AuthCard title="Sign in" subtitle="Staff access to the back office.">
      <form noValidate onSubmit={onSubmit(form.handleSubmit((values) => login.mutate(values)))}>
        <Stack gap="md">
          <EmailInput {...field('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            {...form.register('password')}
            error={fieldErrors.password?.message ?? serverErrors.password ?? serverErrors.passwordincorrect}
          />
          <ErrorAlert errors={serverErrors} fieldKeys={FIELD_KEYS} />
          <Button type="submit" fullWidth loading={login.isPending}>
            SIGN IN
          </Button>
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <DevOutboxNote />
        </Stack>
      </form>
    </AuthCard>
  );
}
