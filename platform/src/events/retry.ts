/** How often a consumer (or a job) is tried, and how long it waits between tries. */
export interface RetryPolicy {
  /** Total tries, the first included; after the last failure the event is dead-lettered. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, baseDelayMs: 200, maxDelayMs: 30_000 };

/** The wait after the `failedAttempt`-th failure (1-based): base, 2×base, 4×base... capped. */
export function backoffDelay(policy: RetryPolicy, failedAttempt: number): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, failedAttempt - 1));
}

/** Every distinct wait a policy can ask for, in order (one RabbitMQ retry queue each). */
export function backoffDelays(policy: RetryPolicy): number[] {
  const delays: number[] = [];
  for (let attempt = 1; attempt < policy.attempts; attempt++) delays.push(backoffDelay(policy, attempt));
  return [...new Set(delays)];
}

export function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  // Error text travels in AMQP headers (64 KiB per table) and dead-letter rows: keep it bounded.
  return text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text;
}
