import type { TLiveSession } from '@livecart/contract/live';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, parisParts } from '../../app/format';

/** `90` → `1 h 30 min`, `30` → `30 min`; 0 is handled by the caller (carts never expire). */
export function minutesText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** True when the store's social token is refused or past its expiry. */
export const tokenNeedsResync = (
  longTokenError: string | null | undefined,
  expireTokenAt: string | null | undefined,
) => !!longTokenError || (!!expireTokenAt && Date.parse(expireTokenAt) < Date.now());

/** `0` → carts never expire; else `30 min`, `1 h 30 min`. */
export function useCartDurationText() {
  const { t } = useTranslation();
  return useCallback((minutes: number) => (minutes === 0 ? t('live.noExpiry') : minutesText(minutes)), [t]);
}

/** When a session starts, as its title and the list say it (Europe/Paris, DD/MM/YYYY and HH:mm). */
export interface SessionStart {
  date: string;
  time: string;
  /**
   * The planned day and time when the session went live at another minute (early or late), so
   * the screen can say both; null when it started as planned or has not started.
   */
  planned: { date: string; time: string; sameDay: boolean } | null;
}

/**
 * A session's start: once it went live, when it really did (`started_at`), else when it is
 * planned (`event_date` at `event_time`). A live started at 19:42 for 20:00 is "Live du … à 19:42",
 * planned at 20:00, never the planned time alone.
 */
export function sessionStart(
  s: Pick<TLiveSession, 'event_date' | 'event_time' | 'started_at'>,
): SessionStart {
  const plannedDate = formatDay(s.event_date);
  const started = parisParts(s.started_at);
  if (!started) return { date: plannedDate, time: s.event_time, planned: null };
  const date = `${started.day}/${started.month}/${started.year}`;
  const time = `${started.hour}:${started.minute}`;
  const asPlanned = date === plannedDate && time === s.event_time;
  return {
    date,
    time,
    planned: asPlanned ? null : { date: plannedDate, time: s.event_time, sameDay: date === plannedDate },
  };
}

/** "Live du 25/11/2026 à 19:42" and, when it went live at another time than planned, "prévu à 20:00". */
export function useSessionTitle() {
  const { t } = useTranslation();
  return useCallback(
    (s: Pick<TLiveSession, 'event_date' | 'event_time' | 'started_at'>) => {
      const start = sessionStart(s);
      const { planned } = start;
      return {
        title: t('live.consoleTitle', { date: start.date, time: start.time }),
        planned: planned
          ? planned.sameDay
            ? t('live.plannedAt', { time: planned.time })
            : t('live.plannedOn', { date: planned.date, time: planned.time })
          : null,
      };
    },
    [t],
  );
}
