/** "3 min", "5 h", "2 days": how long an alert has been open (docs/product.md [screen.alerts]). */
export function ageInWords(seconds: number): string {
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  const days = Math.floor(seconds / 86_400);
  return days === 1 ? '1 day' : `${days} days`;
}

/** An alert's request in a few characters: its kind and the end of its id (the full id is in the tooltip). */
export function requestLabel(type: string | null, id: string | null): string {
  if (!type || !id) return '—';
  return `${type === 'deposit' ? 'Deposit' : 'Withdrawal'} …${id.slice(-6)}`;
}
