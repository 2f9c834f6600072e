import { encoding_for_model, get_encoding, type Tiktoken, type TiktokenModel } from 'tiktoken';

// Token counts for calls whose usage the provider did not report (an interrupted stream, a server that
// omits `usage`, the offline engine). Encoders are WASM objects, so one per encoding is kept for good.
const encoders = new Map<string, Tiktoken>();

function encoderFor(model: string): Tiktoken {
  const cached = encoders.get(model);
  if (cached) return cached;
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

export function countTokens(model: string, text: string): number {
  if (!text) return 0;
  return encoderFor(model).encode_ordinary(text).length;
}

/**
 * Prompt tokens of a chat request, counted the way OpenAI's cookbook does: each message costs its
 * content plus a few tokens of framing, and the reply is primed with three more.
 */
export function countChatTokens(
  model: string,
  messages: readonly { role: string; content: string }[],
): number {
  const TOKENS_PER_MESSAGE = 3;
  const REPLY_PRIMING = 3;
  let total = REPLY_PRIMING;
  for (const message of messages) {
    total += TOKENS_PER_MESSAGE + countTokens(model, message.role) + countTokens(model, message.content);
  }
  return total;
}
