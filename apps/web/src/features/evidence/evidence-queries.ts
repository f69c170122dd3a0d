import { calls } from '@brokerdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api.ts';
import { isRefetch } from '../../shared/background-fetch.ts';
import { entityKeys } from '../../shared/query-keys.ts';

export const moneyPictureKeys = entityKeys('moneyPicture');

/**
 * A client's money picture, with the return-to-source proposal of `withdrawalId` when given
 * (docs/product.md [call.getMoneyPicture]). Kept a minute: it sums the client's whole history and asks
 * the platform, and a modal opened twice in a row need not ask again.
 */
export function useMoneyPicture(userId: string, withdrawalId?: string) {
  return useQuery({
    queryKey: moneyPictureKeys.detail(withdrawalId ? `${userId}:${withdrawalId}` : userId),
    queryFn: (ctx) =>
      call(
        calls.evidence.getMoneyPicture,
        { params: { userId }, query: withdrawalId ? { withdrawalId } : {} },
        { signal: ctx.signal, background: isRefetch(ctx) },
      ),
    staleTime: 60_000,
  });
}
