import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local OpenAI-compatible server for tests: the real SDK talks real HTTP to it, and each test scripts
// what the "model" answers. Only POST /v1/chat/completions is served.

export interface RecordedRequest {
  // biome-ignore lint/suspicious/noExplicitAny: tests read the request JSON as the SDK sent it
  body: any;
  headers: IncomingMessage['headers'];
}

export interface ScriptedUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export type Answer =
  | {
      kind: 'completion';
      content: string;
      usage: ScriptedUsage | null;
      model?: string;
      refusal?: string;
      /** Answers only once this settles, so a test can hold many calls in flight at once. */
      after?: Promise<unknown>;
    }
  | {
      kind: 'stream';
      pieces: string[];
      usage: ScriptedUsage | null;
      breakAfter?: number;
      /** Pause between pieces, for a client that leaves halfway. */
      delayMs?: number;
      model?: string;
    }
  | { kind: 'status'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'hang' };

export const answer = {
  /** A whole completion; `content` is sent as is (a JSON string for structured outputs). */
  completion: (content: string | object, usage: ScriptedUsage | null = null, model?: string): Answer => ({
    kind: 'completion',
    content: typeof content === 'string' ? content : JSON.stringify(content),
    usage,
    model,
  }),
  refusal: (text: string): Answer => ({ kind: 'completion', content: '', usage: null, refusal: text }),
  /** A streamed completion in these pieces; with `breakAfter` the connection drops after that many. */
  stream: (
    pieces: string[],
    usage: ScriptedUsage | null = null,
    options: { breakAfter?: number; delayMs?: number } = {},
  ): Answer => ({ kind: 'stream', pieces, usage, ...options }),
  status: (status: number, message = 'scripted failure', headers: Record<string, string> = {}): Answer => ({
    kind: 'status',
    status,
    body: { error: { message, type: status === 429 ? 'rate_limit_exceeded' : 'server_error', code: null } },
    headers,
  }),
  /** Never answers (until the server closes). */
  hang: (): Answer => ({ kind: 'hang' }),
};

/** Cuts text into pieces of `size` characters, as a streaming model would send it. */
export function piecesOf(text: string, size = 7): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

export interface FakeOpenAi {
  url: string;
  requests: RecordedRequest[];
  /** Queues answers for the next requests, in order. */
  enqueue(...answers: Answer[]): void;
  /** Answers every request that has no queued answer. */
  setDefault(fn: ((request: RecordedRequest) => Answer) | null): void;
  close(): Promise<void>;
}

const DEFAULT_MODEL = 'gpt-4o-mini-2024-07-18';

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const queue: Answer[] = [];
  const requests: RecordedRequest[] = [];
  let fallback: ((request: RecordedRequest) => Answer) | null = null;
  const open = new Set<ServerResponse>();

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const recorded = { body: JSON.parse(Buffer.concat(chunks).toString('utf8')), headers: req.headers };
    requests.push(recorded);
    const next = queue.shift() ?? fallback?.(recorded);
    if (!next) {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end('{"error":{"message":"nothing scripted"}}');
      return;
    }
    open.add(res);
    res.on('close', () => open.delete(res));
    await respond(next, recorded, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...answers) => queue.push(...answers),
    setDefault: (fn) => {
      fallback = fn;
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function respond(next: Answer, request: RecordedRequest, res: ServerResponse): Promise<void> {
  const model = ('model' in next && next.model) || DEFAULT_MODEL;
  const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
  const created = Math.floor(Date.now() / 1000);
  switch (next.kind) {
    case 'hang':
      return;
    case 'status':
      res
        .writeHead(next.status, { 'content-type': 'application/json', ...next.headers })
        .end(JSON.stringify(next.body));
      return;
    case 'completion': {
      await next.after;
      const body = {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: next.refusal ? null : next.content,
              refusal: next.refusal ?? null,
            },
            finish_reason: 'stop',
            logprobs: null,
          },
        ],
        ...(next.usage ? { usage: withTotal(next.usage) } : {}),
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      return;
    }
    case 'stream': {
      const includeUsage = request.body.stream_options?.include_usage === true;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const send = (data: unknown) =>
        new Promise<void>((resolve) => res.write(`data: ${JSON.stringify(data)}\n\n`, () => resolve()));
      const base = { id, object: 'chat.completion.chunk', created, model };
      await send({
        ...base,
        choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
      });
      for (const [i, piece] of next.pieces.entries()) {
        if (next.breakAfter !== undefined && i >= next.breakAfter) {
          res.destroy();
          return;
        }
        if (res.destroyed) return;
        await send({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
        if (next.delayMs) await new Promise((resolve) => setTimeout(resolve, next.delayMs));
      }
      await send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
      if (includeUsage && next.usage) await send({ ...base, choices: [], usage: withTotal(next.usage) });
      res.end('data: [DONE]\n\n');
      return;
    }
  }
}

function withTotal(usage: ScriptedUsage) {
  return { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
}
