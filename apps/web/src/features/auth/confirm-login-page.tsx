import { VERIFICATION_CODE_LENGTH, codeSchema } from '@brokerdesk/contract';
import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { errorsOf, type FieldErrors } from '../../shared/api.ts';
import { ErrorAlert } from '../../shared/error-alert.tsx';
import { HOME_AFTER_LOGIN, setToken } from '../../shared/session.ts';
import { saveDeviceToken } from '../../shared/device-tokens.ts';
import { DevOutboxNote } from '../dev/dev-outbox-note.tsx';
import { authApi } from './auth-api.ts';
import { AuthCard } from './auth-card.tsx';
import { CodeInput } from './code-input.tsx';
import { deviceInfo } from './device-info.ts';
import { clearTicket, loadTicket, type SignInTicket } from './sign-in-ticket.ts';

const emptyCode = () => Array<string>(VERIFICATION_CODE_LENGTH).fill('');

/** /confirm-login: step 2 of sign-in, the 6-digit code from the email. No ticket -> back to /login. */
export function ConfirmLoginPage() {
  const [ticket] = useState(loadTicket);
  if (!ticket) return <Navigate to="/login" replace />;
  return <ConfirmLoginForm ticket={ticket} />;
}

function ConfirmLoginForm({ ticket }: { ticket: SignInTicket }) {
  const navigate = useNavigate();
  const [digits, setDigits] = useState(emptyCode);
  const [localError, setLocalError] = useState<string | null>(null);
  // Remounting the boxes after a wrong code empties them and puts the cursor back in the first one.
  const [attempt, setAttempt] = useState(0);

  const verify = useMutation({
    mutationFn: (code: string) =>
      authApi.loginConfirm({ email: ticket.email, password: ticket.ticket, code, ...deviceInfo() }),
    meta: { errorNotice: false },
    onSuccess: async ({ token, deviceToken }) => {
      // The next sign-in from this browser is a known device's (docs/decisions.md "Sign-in without lockouts").
      if (deviceToken) saveDeviceToken(ticket.email, deviceToken);
      clearTicket();
      setToken(token);
      await navigate(HOME_AFTER_LOGIN, { replace: true });
    },
    onError: () => {
      setDigits(emptyCode());
      setAttempt((n) => n + 1);
    },
  });
  const resend = useMutation({
    mutationFn: () => authApi.resendCode({ userEmail: ticket.email, password: ticket.ticket }),
    meta: { errorNotice: false },
  });

  const submit = (code: string) => {
    const parsed = codeSchema.safeParse(code);
    if (!parsed.success) return setLocalError(parsed.error.issues[0]?.message ?? null);
    setLocalError(null);
    resend.reset();
    verify.mutate(parsed.data);
  };

  const handleChange = (next: string[]) => {
    setDigits(next);
    setLocalError(null);
    // Typing again starts a new attempt: the last error no longer describes what is in the boxes.
    if (verify.isError) verify.reset();
    // docs/product.md [rules]: the form submits by itself once all six boxes hold a digit.
    if (next.every((digit) => digit !== '') && !verify.isPending) submit(next.join(''));
  };

  const errors: FieldErrors = verify.error ? errorsOf(verify.error) : {};
  if (localError) errors.code = localError;

  return (
    <AuthCard title="Enter your code" subtitle={`We sent a 6-digit code to ${ticket.email}.`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit(digits.join(''));
        }}
      >
        <Stack gap="md">
          <CodeInput
            key={attempt}
            digits={digits}
            onChange={handleChange}
            disabled={verify.isPending}
            error={Object.keys(errors).length > 0}
          />
          <ErrorAlert errors={errors} />
          <Button type="submit" fullWidth loading={verify.isPending}>
            VERIFY CODE
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/login" size="sm">
              Back to login
            </Anchor>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                // A new code is on its way: the last code's error no longer applies.
                verify.reset();
                setLocalError(null);
                resend.mutate();
              }}
              disabled={resend.isPending}
            >
              Email did not arrive?
            </Anchor>
          </Group>
          {resend.data && (
            <Alert color={resend.data.success ? 'green' : 'red'} variant="light" role="status">
              {resend.data.message}
            </Alert>
          )}
          {resend.error && <ErrorAlert errors={errorsOf(resend.error)} />}
          <DevOutboxNote />
        </Stack>
      </form>
    </AuthCard>
  );
}
