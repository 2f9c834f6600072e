/**
 * Polls `check` until it returns a truthy value and returns it; fails with `what` after `timeoutMs`.
 * The timeout is a bound on waiting for asynchronous delivery, never an assertion about speed.
 */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
  intervalMs = 20,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await check();
    if (last) return last as NonNullable<T>;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what} (last: ${String(last)})`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * The wait a test gives work that an event, a queue or another process carries out (`vi.waitFor`,
 * `expect.poll`): Vitest's default second is a bound a loaded CI machine overruns. A bound, never an
 * assertion about speed; a check that holds returns at its first poll that sees it.
 */
export const EVENTUALLY = { timeout: 15_000, interval: 50 } as const;
