import { type APIRequestContext, expect } from '@playwright/test';

/** Today in Europe/Paris, `YYYY-MM-DD`. */
export const parisToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

/**
 * A live session of the seller whose session `request` carries, created for today and started
 * through the API (the simulator of its console posts to it); `origin` is the app's.
 */
export async function startLive(request: APIRequestContext, origin: string): Promise<number> {
  const created = await request.post('/api/livesession', {
    headers: { Origin: origin },
    data: { event_date: parisToday(), event_time: '20:00', order_timer: 30 },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { item } = (await created.json()) as { item: { id: number } };
  const started = await request.get(`/api/livesession/start/${item.id}`, { headers: { Origin: origin } });
  expect(started.status(), await started.text()).toBe(200);
  return item.id;
}

/** Stops a live started by a test, so the lives running now are the demo's again. */
export async function stopLive(request: APIRequestContext, origin: string, id: number) {
  const stopped = await request.get(`/api/livesession/stop/${id}`, { headers: { Origin: origin } });
  expect(stopped.status(), await stopped.text()).toBe(200);
}
