import { formatEpoch, formatEpochUtc } from '../formatters.ts';
import { useTimeZone } from './time-zone.ts';

/**
 * A time as the console shows it: in the staff member's time zone, the UTC time on hover.
 * Nothing for no time.
 */
/** A time's column width in px, the cell's padding included: 'YYYY/MM/DD HH:mm:ss' on one line. */
export const TIME_WIDTH = 165;

export function EpochTime({
  seconds,
  nowrap = true,
}: {
  seconds: number | null | undefined;
  nowrap?: boolean;
}) {
  const zone = useTimeZone();
  const text = formatEpoch(seconds, zone);
  if (!text) return null;
  return (
    <span title={formatEpochUtc(seconds)} style={nowrap ? { whiteSpace: 'nowrap' } : undefined}>
      {text}
    </span>
  );
}
