import type { ResolveAlertRequest, SetAlertThresholdRequest } from '@brokerdesk/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function useAssignAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) => alertsApi.assign(alertId),
    meta: { errorNotice: false },
    onSuccess: (reply) => showSuccessNotice(reply.message),
    onError: (error) => showErrorNotice(firstError(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

/** Resolves an alert; the modal shows a refusal itself (a missing note stays on its field). */
export function useResolveAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ alertId, body }: { alertId: string; body: ResolveAlertRequest }) =>
      alertsApi.resolve(alertId, body),
    meta: { errorNotice: false },
    onSuccess: (reply) => showSuccessNotice(reply.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useAlertThresholds() {
  return useQuery({
    queryKey: alertThresholdKeys.lists(),
    queryFn: (ctx) => alertsApi.thresholds({ signal: ctx.signal, background: isRefetch(ctx) }),
    select: (reply) => reply.thresholds,
  });
}

export function useSetAlertThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetAlertThresholdRequest) => alertsApi.setThreshold(body),
    meta: { errorNotice: false },
    onSuccess: (reply) => showSuccessNotice(reply.message),
    onError: (error) => showErrorNotice(firstError(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertThresholdKeys.all }),
  });
}
