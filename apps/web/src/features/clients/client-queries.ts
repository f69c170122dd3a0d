import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { isRefetch, signedLinkOptions } from '../../shared/background-fetch.ts';
import { clientApi } from './client-api.ts';
import {
  clientApplicationKeys,
  clientKeys,
  clientLogKeys,
  kycDocumentKeys,
  partnerSettingsKeys,
} from './client-keys.ts';

const KYC_LINK_REFRESH_MS = 4 * 60_000;

/** One client's profile (the detail of the clients entity). */
export function useClientProfile(id: string, enabled = true) {
  return useQuery({
    queryKey: clientKeys.detail(id),
    queryFn: (ctx) => clientApi.profile(id, { signal: ctx.signal, background: isRefetch(ctx) }),
    select: (reply) => reply.user,
    enabled,
  });
}

/** The Client Log, newest first whatever order the server sends. */
export function useClientLogs(userId: string) {
  return useQuery({
    queryKey: clientLogKeys.detail(userId),
    queryFn: (ctx) => clientApi.logs(userId, { signal: ctx.signal, background: isRefetch(ctx) }),
    select: (logs) => [...logs].sort((a, b) => b.timestamp - a.timestamp),
  });
}

export function useClientApplication(userId: string) {
  return useQuery({
    queryKey: clientApplicationKeys.detail(userId),
    queryFn: (ctx) => clientApi.application(userId, { signal: ctx.signal, background: isRefetch(ctx) }),
    select: (reply) => reply.application,
  });
}

/**
 * KYC documents carry signed links that expire after minutes: fetched afresh on every visit, and again
 * in the background while the screen stays open, so VIEW never opens a dead link.
 */
export function useKycDocuments(userId: string) {
  return useQuery({
    queryKey: kycDocumentKeys.detail(userId),
    queryFn: (ctx) => clientApi.kycDocuments(userId, { signal: ctx.signal, background: isRefetch(ctx) }),
    ...signedLinkOptions(KYC_LINK_REFRESH_MS),
  });
}

/** The provider's review of the client, for the KYC card's heading. */
export function useKycApplicant(userId: string) {
  return useQuery({
    queryKey: [...kycDocumentKeys.detail(userId), 'applicant'],
    queryFn: (ctx) => clientApi.kycApplicant(userId, { signal: ctx.signal, background: isRefetch(ctx) }),
  });
}

/**
 * The profile's activity timeline, a page at a time. Kept under the Client Log's key, so every change
 * that refreshes the log (status, notes, decisions) refreshes the timeline too.
 */
export function useClientTimeline(userId: string) {
  return useInfiniteQuery({
    queryKey: [...clientLogKeys.detail(userId), 'timeline'],
    queryFn: (ctx) =>
      clientApi.timeline(userId, ctx.pageParam, { signal: ctx.signal, background: isRefetch(ctx) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

/** The client's bank accounts for the Documents card (statement links are asked for on opening). */
export function useClientBankAccounts(userId: string) {
  return useQuery({
    queryKey: [...clientKeys.detail(userId), 'bank-accounts'],
    queryFn: (ctx) => clientApi.bankAccounts(userId, { signal: ctx.signal, background: isRefetch(ctx) }),
  });
}

/**
 * A partner's five email switches; the first item of the reply is the one used
 * (docs/product.md [calls.partners]).
 */
export function usePartnerSettings(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: partnerSettingsKeys.detail(userId),
    queryFn: (ctx) => clientApi.partnerSettings(userId, { signal: ctx.signal }),
    select: (items) => items[0] ?? null,
    enabled,
  });
}
