import { calls } from '@brokerdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api.ts';
import { systemKeys } from '../../shared/query-keys.ts';

const OUTBOX_REFRESH_MS = 5_000;

/** Whether this server keeps mail in a development outbox instead of sending it. */
export function useServerInfo() {
  return useQuery({
    queryKey: systemKeys.serverInfo(),
    queryFn: ({ signal }) => call(calls.system.getServerInfo, {}, { signal }),
    staleTime: Infinity,
    retry: false,
  });
}

export function useDevOutbox() {
  return useQuery({
    queryKey: systemKeys.devOutbox(),
    queryFn: ({ signal }) => call(calls.system.getDevOutbox, {}, { signal, background: true }),
    refetchInterval: OUTBOX_REFRESH_MS,
    select: (data) => ({ ...data, mails: [...data.mails].sort((a, b) => b.sentAt - a.sentAt) }),
  });
}
