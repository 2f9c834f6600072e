import { AppError, type HttpServer } from '@lifequest/platform';

/**
 * A GET or HEAD has no body LifeQuest reads, but a client may send one. Answering before it has all
 * arrived makes Node close the connection with the body unread, and the client sees a reset instead of
 * the answer (the fuzz suite found it: a 1 MB body on GET /api/milestones). So it is read off the wire
 * and dropped first, held to the same body limit as any other request.
 */
export function drainBodylessRequests(app: HttpServer, bodyLimitBytes: number): void {
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const length = Number(request.headers['content-length'] ?? 0);
    if (!request.headers['transfer-encoding'] && !(length > 0)) return;
    const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
    if (length > bodyLimitBytes) throw tooLarge();
    // Not `for await`: leaving it early destroys the request and its socket (a reset). Past the limit the
    // stream flows on unheard and the 413's connection lingers until the rest is dropped (server.ts).
    await new Promise<void>((resolve, reject) => {
      let received = 0;
      const body = request.raw;
      const done = (error?: Error) => {
        body.off('data', onData).off('end', done).off('error', done);
        if (error) reject(error);
        else resolve();
      };
      const onData = (chunk: Buffer) => {
        received += chunk.length;
        if (received > bodyLimitBytes) done(tooLarge());
      };
      body.on('data', onData).once('end', done).once('error', done);
    });
  });
}
