import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { errorsOf } from '../../shared/api.ts';
import { ErrorAlert } from '../../shared/error-alert.tsx';
import { authApi } from './auth-api.ts';
import { AuthCard } from './auth-card.tsx';

/**
 * /email/confirm/:id and /email/confirm/:setpassword/:id: the page asks the server for the same path as
 * JSON, which confirms the email and returns the message. Any token in the reply is not used: staff sign
 * in with password and emailed code, never by a link.
 */
export function EmailConfirmPage() {
  const { setpassword, id = '' } = useParams();
  const path = setpassword
    ? `/email/confirm/${encodeURIComponent(setpassword)}/${encodeURIComponent(id)}`
    : `/email/confirm/${encodeURIComponent(id)}`;
  const confirm = useQuery({
    queryKey: ['email-confirm', path],
    queryFn: ({ signal }) => authApi.confirmEmail(path, signal),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  return (
    <AuthCard title="Email confirmation">
      {confirm.isPending && (
        <Center py="md">
          <Loader size="sm" aria-label="Confirming" />
        </Center>
      )}
      {confirm.error && <ErrorAlert errors={errorsOf(confirm.error)} />}
      {confirm.data && (
        <Alert color="blue" variant="light" role="status">
          {confirm.data.msg}
        </Alert>
      )}
      {!confirm.isPending && (
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
