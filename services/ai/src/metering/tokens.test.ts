import { describe, expect, it } from 'vitest';
import { countChatTokens, countTokens } from './tokens.ts';

describe('token counting', () => {
  it('counts with the model’s own encoding', async () => {
    // o200k_base (the gpt-4o family): "Hello" and " world".
    expect(await countTokens('gpt-4o-mini', 'Hello world')).toBe(2);
    expect(await countTokens('gpt-4o-mini', '')).toBe(0);
  });

  it('falls back to o200k_base for models tiktoken does not know', async () => {
    expect(await countTokens('llama3.1:8b', 'Hello world')).toBe(await countTokens('gpt-4o', 'Hello world'));
  });

  it('adds the chat framing per message and the reply priming', async () => {
    const messages = [
      { role: 'system', content: 'You are The Pathfinder.' },
      { role: 'user', content: 'I want to run a 5K.' },
    ];
    let content = 0;
    for (const m of messages)
      content += (await countTokens('gpt-4o', m.role)) + (await countTokens('gpt-4o', m.content));
    expect(await countChatTokens('gpt-4o', messages)).toBe(content + 2 * 3 + 3);
  });
});
