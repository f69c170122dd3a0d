import type { ResolveAlertRequest, SetAlertThresholdRequest } from '@brokerdesk/contract';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { isRefetch } from '../../shared/background-fetch.ts';
import { errorsOf } from '../../shared/api.ts';
import { showErrorNotice, showSuccessNotice } from '../../shared/notify.ts';
import { alertKeys, alertsApi, alertThresholdKeys } from './alerts-api.ts';

/** How often the open alerts are read again while the screen is open (new ones come from decisions). */
const REFRESH_MS = 30_000;

export function useOpenAlerts(page: number, pageSize: number) {
  return useQuery({
    queryKey: alertKeys.list({ page, pageSize }),
    queryFn: (ctx) => alertsApi.list({ page, pageSize }, { signal: ctx.signal, background: isRefetch(ctx) }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

const firstError = (error: unknown) => Object.values(errorsOf(error))[0];

/**
 * An action on alerts: the server's message as a success notice, a refusal as an error notice (unless
 * the screen shows it on its own fields), and `reload` read again either way: a refusal may mean
 * someone else acted first.
 */
function useAlertAction<V>(
  send: (vars: V) => Promise<{ message: string }>,
  reload: QueryKey,
  refusal: 'notice' | 'screen' = 'notice',
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { errorNotice: false },
    onSuccess: (reply) => showSuccessNotice(reply.message),
    onError: (error) => {
      if (refusal === 'notice') showErrorNotice(firstError(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reload }),
  });
}

export function useAssignAlert() {
  return useAlertAction((alertId: string) => alertsApi.assign(alertId), alertKeys.all);
}

/** Resolves an alert; the modal shows a refusal itself (a missing note stays on its field). */
export function useResolveAlert() {
  return useAlertAction(
    ({ alertId, body }: { alertId: string; body: ResolveAlertRequest }) => alertsApi.resolve(alertId, body),
    alertKeys.all,
    'screen',
  );
}

export function useAlertThresholds() {
  return useQuery({
    queryKey: alertThresholdKeys.lists(),
    queryFn: (ctx) => alertsApi.thresholds({ signal: ctx.signal, background: isRefetch(ctx) }),
    select: (reply) => reply.thresholds,
  });
}

export function useSetAlertThreshold() {
  return useAlertAction(
    (body: SetAlertThresholdRequest) => alertsApi.setThreshold(body),
    alertThresholdKeys.all,
  );
}
