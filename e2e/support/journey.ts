import { it } from 'vitest';

const STEP_TIMEOUT_MS = 60_000;

/**
 * A journey is a chain of steps, one Vitest test each, that share state and run in order. Each step
 * prints one line as it ends (`✓` with what it showed, `✗` with why), straight to the terminal, so a
 * CI log shows the journey even in a full `npm test`, where Vitest lists only failed tests. After a
 * failed step the rest cannot mean anything: they are reported as not run (and skipped), and the
 * failed one fails the run.
 */
export function journey(name: string): {
  step(title: string, run: () => Promise<string>, timeoutMs?: number): void;
  /** Whether a step failed (to print the processes' logs afterwards, say). */
  readonly failed: boolean;
  print(line: string): void;
} {
  let count = 0;
  let failed: number | undefined;
  const print = (line: string) => process.stdout.write(`[${name}] ${line}\n`);
  return {
    get failed() {
      return failed !== undefined;
    },
    print,
    step(title, run, timeoutMs) {
      const number = ++count;
      const label = `${String(number).padStart(2)}. ${title}`;
      it(
        title,
        async (context) => {
          if (failed) {
            print(`- ${label}: not run, step ${failed} failed`);
            // The journey is one story: a later step needs what the failed one made, so it is reported as
            // not run. The run still fails, on the failed step; this skip can never turn a red run green.
            context.skip(`step ${failed} failed`);
          }
          let timer: NodeJS.Timeout | undefined;
          try {
            // Its own deadline before Vitest's, so a step that hangs is reported like any other failure.
            const limit = timeoutMs ?? STEP_TIMEOUT_MS;
            const shown = await Promise.race([
              run(),
              new Promise<never>((_, reject) => {
                timer = setTimeout(() => reject(new Error(`no result within ${limit / 1000} s`)), limit);
              }),
            ]);
            print(`✓ ${label}: ${shown}`);
          } catch (error) {
            failed = number;
            const message = error instanceof Error ? error.message : String(error);
            print(`✗ ${label}: ${message.split('\n')[0]}`);
            throw error;
          } finally {
            clearTimeout(timer);
          }
        },
        (timeoutMs ?? STEP_TIMEOUT_MS) + 5_000,
      );
    },
  };
}
