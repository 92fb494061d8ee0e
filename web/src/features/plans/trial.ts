import { TIME_ZONE } from '@livecart/contract/constants';
import dayjs from '../../app/dayjs';

/**
 * Whole days left in a free trial ending at `trialEnd`, counted in Europe/Paris calendar days:
 * 0 on its last day, null when there is no trial or it is over.
 */
export function trialDaysLeft(trialEnd: string | null | undefined, now: Date = new Date()): number | null {
  if (!trialEnd) return null;
  const end = dayjs(trialEnd);
  if (!end.isValid() || end.valueOf() <= now.getTime()) return null;
  return end.tz(TIME_ZONE).startOf('day').diff(dayjs(now).tz(TIME_ZONE).startOf('day'), 'day');
}
