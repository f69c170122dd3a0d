/** The staff member's time zone: the choice, and times shown in it with UTC on hover. */
export { EpochTime, TIME_WIDTH } from './epoch-time.tsx';
export {
  browserTimeZone,
  currentTimeZone,
  isValidTimeZone,
  setTimeZone,
  timeZoneChoices,
  useStaffTimeZone,
  useTimeZone,
  UTC,
} from './time-zone.ts';
