import { useEffect } from 'react';

/** Browser tab title per screen, so a staff member with many tabs can tell them apart. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Brokerdesk` : 'Brokerdesk';
  }, [title]);
}
