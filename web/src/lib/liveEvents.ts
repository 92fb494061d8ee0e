import { useEffect, useRef } from 'react';
import { API_BASE } from './api';

/** A live event as `/api/events` sends it (`event: live`); see server/src/modules/events/bus.ts. */
export type LiveEventMessage =
  | { type: 'comments'; sellerId: number; sessionId: number }
  | { type: 'cart'; sellerId: number; orderId: number; orderNumber: string; sessionId: number | null }
  | { type: 'cart_closed'; sellerId: number; orderId: number; orderNumber: string; status: string }
  | { type: 'waiting'; sellerId: number; configurationId: number }
  | { type: 'session'; sellerId: number; sessionId: number; status: string };

type Listener = (event: LiveEventMessage) => void;

/**
 * One EventSource for the whole tab, shared by every screen that listens, opened with the first
 * listener and closed with the last. The browser reconnects by itself after a network loss.
 */
const listeners = new Set<Listener>();
let source: EventSource | null = null;

function open() {
  if (source || typeof EventSource === 'undefined') return;
  source = new EventSource(`${API_BASE}/events`, { withCredentials: true });
  source.addEventListener('live', (e) => {
    let event: LiveEventMessage;
    try {
      event = JSON.parse((e as MessageEvent<string>).data);
    } catch {
      return;
    }
    for (const l of listeners) l(event);
  });
}

function close() {
  source?.close();
  source = null;
}

/** Calls `onEvent` for each live event of the signed-in seller while the component is mounted. */
export function useLiveEvents(onEvent: Listener, enabled = true) {
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useEffect(() => {
    if (!enabled) return;
    const listener: Listener = (e) => latest.current(e);
    listeners.add(listener);
    open();
    return () => {
      listeners.delete(listener);
      if (!listeners.size) close();
    };
  }, [enabled]);
}
