import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Tiktoken, TiktokenModel } from 'tiktoken';

// Token counts for calls whose usage the provider did not report (an interrupted stream, a server that
// omits `usage`, the offline engine). Encoders are WASM objects, so one per encoding is kept for good.
const encoders = new Map<string, Tiktoken>();
// tiktoken's WebAssembly loads at the first count, not at boot: an idle process does not hold it.
let loadingTiktoken: Promise<typeof import('tiktoken')> | undefined;

async function encoderFor(model: string): Promise<Tiktoken> {
  const cached = encoders.get(model);
  if (cached) return cached;
  loadingTiktoken ??= import('tiktoken');
  const { encoding_for_model, get_encoding } = await loadingTiktoken;
  const again = encoders.get(model);
  if (again) return again;
  let encoder: Tiktoken;
  try {
    encoder = encoding_for_model(model as TiktokenModel);
  } catch {
    // Models tiktoken does not know (llama, mistral, ...) are counted with OpenAI's current encoding:
    // an estimate, but a stable one, and budgets only need it to be roughly right.
    encoder = encoders.get('o200k_base') ?? get_encoding('o200k_base');
    encoders.set('o200k_base', encoder);
  }
  encoders.set(model, encoder);
  return encoder;
}

/**
 * tiktoken's BPE costs the square of a word's length: one unbroken 120,000-character "word" took
 * seconds and held the event loop that serves every hero. Runs longer than this are counted in pieces
 * of this size (a word that long is no real word; its count stays close), so counting is linear.
 */
const LONGEST_RUN = 64;
const LONG_RUN = new RegExp(`\\S{${LONGEST_RUN + 1},}|\\s{${LONGEST_RUN + 1},}`, 'g');
/** Text is encoded a slice at a time, cut at whitespace, so no single step takes long. */
const SLICE = 2_000;
/** Characters counted between two turns of the event loop: a few milliseconds of work. */
const YIELD_EVERY = 8_000;

/** The pieces `text` is encoded in: slices cut at spaces, and long runs cut every LONGEST_RUN characters. */
function* piecesOf(text: string): Generator<string> {
  let last = 0;
  for (const run of text.matchAll(LONG_RUN)) {
    yield* slicesOf(text.slice(last, run.index));
    for (let i = 0; i < run[0].length; i += LONGEST_RUN) yield run[0].slice(i, i + LONGEST_RUN);
    last = run.index + run[0].length;
  }
  yield* slicesOf(text.slice(last));
}

function* slicesOf(text: string): Generator<string> {
  let start = 0;
  while (text.length - start > SLICE) {
    const space = text.lastIndexOf(' ', start + SLICE);
    const cut = space > start ? space : start + SLICE;
    yield text.slice(start, cut);
    start = cut;
  }
  if (start < text.length) yield text.slice(start);
}

/**
 * Counts `text` in bounded steps and lets the event loop turn between them, so a long text delays
 * nobody else's request by more than a few milliseconds at a time.
 */
export async function countTokens(model: string, text: string): Promise<number> {
  if (!text) return 0;
  const encoder = await encoderFor(model);
  let total = 0;
  let sinceTurn = 0;
  for (const piece of piecesOf(text)) {
    total += encoder.encode_ordinary(piece).length;
    sinceTurn += piece.length;
    if (sinceTurn >= YIELD_EVERY) {
      sinceTurn = 0;
      await nextTurn();
    }
  }
  return total;
}

/**
 * Prompt tokens of a chat request, counted the way OpenAI's cookbook does: each message costs its
 * content plus a few tokens of framing, and the reply is primed with three more.
 */
export async function countChatTokens(
  model: string,
  messages: readonly { role: string; content: string }[],
): Promise<number> {
  const TOKENS_PER_MESSAGE = 3;
  const REPLY_PRIMING = 3;
  let total = REPLY_PRIMING;
  for (const message of messages) {
    total +=
      TOKENS_PER_MESSAGE +
      (await countTokens(model, message.role)) +
      (await countTokens(model, message.content));
  }
  return total;
}
