import { devOutboxResponse, serverInfoResponse } from '@brokerdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api.ts';
import { systemKeys } from '../../shared/query-keys.ts';

const OUTBOX_REFRESH_MS = 5_000;

/** Whether this server keeps mail in a development outbox instead of sending it. */
export function useServerInfo() {
  return useQuery({
    queryKey: systemKeys.serverInfo(),
    queryFn: ({ signal }) => api.get('/api/other/serverInfo', serverInfoResponse, { signal }),
    staleTime: Infinity,
    retry: false,
  });
}

export function useDevOutbox() {
  return useQuery({
    queryKey: systemKeys.devOutbox(),
    queryFn: ({ signal }) => api.get('/api/dev/outbox', devOutboxResponse, { signal, background: true }),
    refetchInterval: OUTBOX_REFRESH_MS,
    select: (data) => ({ ...data, mails: [...data.mails].sort((a, b) => b.sentAt - a.sentAt) }),
  });
}
