/**
 * Waits until every URL's `/readyz` answers 200: a module is ready when it answers and reaches its
 * database (server.ts). `npm start` says "LifeQuest is running at …" only then, so the first page a
 * newcomer opens is served, not a 503 from a module still connecting. Gives up with an error naming
 * what was not ready after `timeoutMs`.
 */
export async function untilReady(
  urls: Readonly<Record<string, string>>,
  options: { timeoutMs?: number; pollMs?: number; onWait?: (name: string, why: string) => void } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  const pending = new Map(Object.entries(urls));
  const reported = new Set<string>();
  for (;;) {
    await Promise.all(
      [...pending].map(async ([name, url]) => {
        const why = await notReady(url);
        if (why === null) pending.delete(name);
        else if (!reported.has(name)) {
          reported.add(name);
          options.onWait?.(name, why);
        }
      }),
    );
    if (pending.size === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`not ready in time: ${[...pending.keys()].join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
  }
}

/** Why `url` is not ready, or null when its /readyz answers 200. */
async function notReady(url: string): Promise<string | null> {
  try {
    const res = await fetch(new URL('/readyz', url), { signal: AbortSignal.timeout(5_000) });
    await res.arrayBuffer();
    return res.ok ? null : `/readyz answered ${res.status}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
