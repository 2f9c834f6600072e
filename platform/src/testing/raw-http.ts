import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection after this answer. */
  closed: boolean;
}

/**
 * Sends bytes as they are over a new TCP connection and reads the first `count` HTTP answers (each must
 * carry Content-Length): for requests a client library refuses to send (a malformed request line,
 * control characters in a header, both Transfer-Encoding and Content-Length) or pipelines.
 */
export function rawHttpAnswers(
  url: string,
  request: string | Buffer,
  count: number,
  timeoutMs = 10_000,
): Promise<RawAnswer[]> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    const timer = setTimeout(
      () => finish(false, new Error(`fewer than ${count} answers within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const finish = (closed: boolean, error?: Error) => {
      clearTimeout(timer);
      socket.destroy();
      const answers = parseAnswers(Buffer.concat(chunks));
      const last = answers.at(-1);
      if (last && closed && answers.length <= count) last.closed = true;
      if (answers.length >= count) resolve(answers.slice(0, count));
      else
        reject(
          error ?? new Error(`${answers.length} of ${count} answers: ${Buffer.concat(chunks).toString()}`),
        );
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const answers = parseAnswers(Buffer.concat(chunks));
      // Wait for the close after a `Connection: close` answer, so the caller learns that it came.
      if (answers.length >= count && answers[count - 1]?.headers.connection !== 'close') finish(false);
    });
    socket.on('end', () => finish(true));
    socket.on('error', (error) => finish(false, error));
  });
}

/** The first HTTP answer to `request` sent as raw bytes (see rawHttpAnswers). */
export async function rawHttp(url: string, request: string | Buffer, timeoutMs?: number): Promise<RawAnswer> {
  const [answer] = await rawHttpAnswers(url, request, 1, timeoutMs);
  return answer!;
}

function parseAnswers(bytes: Buffer): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = bytes;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return answers;
    const [statusLine = '', ...lines] = rest.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
    if (!status) return answers;
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const body = rest.subarray(end + 4);
    if (body.length < length) return answers;
    answers.push({ status, headers, body: body.subarray(0, length).toString('utf8'), closed: false });
    rest = body.subarray(length);
  }
}
