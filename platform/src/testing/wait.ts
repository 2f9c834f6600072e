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
