import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { errorsOf } from '../../shared/api.ts';
import { ErrorAlert } from '../../shared/error-alert.tsx';
import { authApi } from './auth-api.ts';
import { AuthCard } from './auth-card.tsx';

/**
 * /email/confirm/:id and /email/confirm/:setpassword/:id. Opening the link changes nothing (mail
 * scanners fetch links before people do); the button POSTs to the same path, which confirms the email
 * and returns the message. Any token in the reply is not used: staff sign in with password and emailed
 * code, never by a link.
 */
export function EmailConfirmPage() {
  const { setpassword, id = '' } = useParams();
  const confirm = useMutation({
    mutationFn: () => authApi.confirmEmail({ id, setpassword }),
    meta: { errorNotice: false },
  });
  const done = confirm.isSuccess || confirm.isError;

  return (
    <AuthCard title="Email confirmation">
      {!done && (
        <Stack gap="sm">
          <Text size="sm">Press the button to confirm your email address.</Text>
          <Button fullWidth loading={confirm.isPending} onClick={() => confirm.mutate()}>
            Confirm email address
          </Button>
        </Stack>
      )}
      {confirm.error && <ErrorAlert errors={errorsOf(confirm.error)} />}
      {confirm.data && (
        <Alert color="blue" variant="light" role="status">
          {confirm.data.msg}
        </Alert>
      )}
      {done && (
        <Stack gap="sm">
          {confirm.data?.resetId && (
            <Button
              component={Link}
              to={`/resetpassword/${encodeURIComponent(confirm.data.resetId)}`}
              fullWidth
            >
              Set password
            </Button>
          )}
          <Button
            component={Link}
            to="/login"
            fullWidth
            variant={confirm.data?.resetId ? 'default' : 'filled'}
          >
            Log In
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
