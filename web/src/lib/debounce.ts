export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/**
 * Calls `fn` once the calls stop for `wait` ms, and at least every `maxWait` ms while they go on
 * (SPEC §9: resize debounce 500 ms, max wait 2000 ms).
 */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  wait: number,
  opts: { maxWait?: number } = {},
): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let maxTimer: ReturnType<typeof setTimeout> | undefined;
  let lastArgs: A | undefined;

  const flush = () => {
    if (timer) clearTimeout(timer);
    if (maxTimer) clearTimeout(maxTimer);
    timer = undefined;
    maxTimer = undefined;
    const args = lastArgs;
    lastArgs = undefined;
    if (args) fn(...args);
  };

  const debounced = (...args: A) => {
    lastArgs = args;
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, wait);
    if (opts.maxWait !== undefined && !maxTimer) maxTimer = setTimeout(flush, opts.maxWait);
  };
  debounced.cancel = () => {
    if (timer) clearTimeout(timer);
    if (maxTimer) clearTimeout(maxTimer);
    timer = undefined;
    maxTimer = undefined;
    lastArgs = undefined;
  };
  return debounced;
}
