// `npm run eval:pathfinder` scores the offline Pathfinder on the development set's two parts, the tuning
// statements and the frozen held-out ones (never tuned on), and prints the two figures apart;
// `npm run eval:pathfinder -- --provider openai` scores the model at OPENAI_BASE_URL (OPENAI_API_KEY,
// OPENAI_MODEL) through the same OpenAiProvider the ai service uses, so the two compare on one contract.
import { ConfigError, loadConfig } from '@lifequest/platform';
import { OpenAiProvider } from '../../openai/openai-provider.ts';
import type { LlmProvider } from '../../port.ts';
import { OfflineProvider } from '../offline-provider.ts';
import { evaluate, formatEvaluation } from './evaluate.ts';
import { GOAL_STATEMENTS } from './goal-statements.ts';
import { HELD_OUT_STATEMENTS } from './held-out.ts';
import { SECOND_HELD_OUT_STATEMENTS } from './held-out-second.ts';

const USAGE = 'usage: npm run eval:pathfinder [-- --provider offline|openai] [--concurrency N]';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

function providerFor(name: string): LlmProvider {
  if (name === 'offline') return new OfflineProvider();
  const { apiKey, baseUrl, model, timeoutMs } = loadConfig(process.env).openai;
  // Local servers (Ollama, llama.cpp) take any key; OpenAI itself refuses the call without a real one.
  return new OpenAiProvider({ apiKey: apiKey ?? 'none', baseUrl, model, timeoutMs });
}

const args = process.argv.slice(2);
const name = option(args, 'provider') ?? 'offline';
const concurrency = Number(option(args, 'concurrency') ?? (name === 'offline' ? 1 : 4));
if (!['offline', 'openai'].includes(name) || !Number.isInteger(concurrency) || concurrency < 1) {
  console.error(USAGE);
  process.exitCode = 64;
} else {
  try {
    const provider = providerFor(name);
    const tuning = await evaluate(provider, GOAL_STATEMENTS, { concurrency });
    const heldOut = await evaluate(provider, HELD_OUT_STATEMENTS, { concurrency });
    const second = await evaluate(provider, SECOND_HELD_OUT_STATEMENTS, { concurrency });
    process.stdout.write(`${formatEvaluation(tuning, 'the tuning part of the development set')}\n\n`);
    process.stdout.write(`${formatEvaluation(heldOut, 'the frozen held-out part (never tuned on)')}\n\n`);
    process.stdout.write(
      `${formatEvaluation(second, 'the second frozen held-out batch (never tuned on)')}\n\n`,
    );
    const figure = (e: typeof tuning) =>
      `${((e.overall.right / Math.max(1, e.overall.total)) * 100).toFixed(1)}% (${e.overall.right}/${e.overall.total})`;
    process.stdout.write(
      `Facts right: tuning ${figure(tuning)}, held-out ${figure(heldOut)}, second held-out ${figure(second)}\n`,
    );
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exitCode = 78;
  }
}
