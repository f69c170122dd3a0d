import { resetPasswordRequest } from '@brokerdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { errorsOf } from '../../shared/api.ts';
import { ErrorAlert } from '../../shared/error-alert.tsx';
import { authApi } from './auth-api.ts';
import { AuthCard, EmailInput } from './auth-card.tsx';
import { onSubmit } from '../../shared/on-submit.ts';
import { fieldProps } from '../../shared/field-props.ts';

type FormValues = z.input<typeof resetPasswordRequest>;

/** /forgot-password: asks for a reset link. The reply never says whether the email exists. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const form = useForm<FormValues>({
    resolver: zodResolver(resetPasswordRequest),
    defaultValues: { email: '' },
  });
  const reset = useMutation({ mutationFn: authApi.resetPassword, meta: { errorNotice: false } });
  const serverErrors = reset.error ? errorsOf(reset.error) : {};
  const field = fieldProps(form, serverErrors);

  return (
    <AuthCard
      title="Forgot password"
      subtitle="Enter your email and we will send you a link to set a new password."
    >
      <form noValidate onSubmit={onSubmit(form.handleSubmit((values) => reset.mutate(values)))}>
        <Stack gap="md">
          <EmailInput {...field('email')} />
          <ErrorAlert errors={serverErrors} fieldKeys={['email']} />
          {reset.data && (
            <Alert color={reset.data.success ? 'green' : 'red'} variant="light" role="status">
              {reset.data.message}
            </Alert>
          )}
          <Group grow>
            <Button variant="default" onClick={() => void navigate('/login')}>
              BACK TO LOGIN
            </Button>
            <Button type="submit" loading={reset.isPending}>
              RESET
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
