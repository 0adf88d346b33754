import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.ts';
import { requestLog } from '../../src/http/request-log.ts';

/** A destination that keeps every line written to it. */
function memory(): { stream: Writable; lines: () => string[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, lines: () => chunks.join('').split('\n').filter(Boolean) };
}

const entries = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('logger (pino)', () => {
  it('redacts passwords, tokens, keys, cookies and authorization headers, at the top or one level down', () => {
    const out = memory();
    const log = createLogger('server', 'info', { format: 'json', destination: out.stream });
    log.info(
      {
        password: 'hunter2',
        body: { access_token: 'tok-123', api_key: 'sk-live-9', current_password: 'old-pass', name: 'Weekly Show' },
        req: { headers: { authorization: 'Bearer abc', cookie: 'session=xyz', 'user-agent': 'Firefox' } },
      },
      'signed in',
    );
    const text = out.lines().join('\n');
    for (const secret of ['hunter2', 'tok-123', 'sk-live-9', 'old-pass', 'Bearer abc', 'session=xyz']) expect(text).not.toContain(secret);
    const [entry] = entries(out.lines());
    expect(entry).toMatchObject({
      name: 'server',
      msg: 'signed in',
      password: '[redacted]',
      body: { access_token: '[redacted]', api_key: '[redacted]', name: 'Weekly Show' },
      req: { headers: { authorization: '[redacted]', cookie: '[redacted]', 'user-agent': 'Firefox' } },
    });
  });

  it('keeps entries below LOG_LEVEL out, and writes readable single lines by default', () => {
    const out = memory();
    const log = createLogger('worker', 'warn', { destination: out.stream });
    log.info('ready');
    log.error({ err: new Error('disk full') }, 'audio.assemble failed');
    const lines = out.lines();
    expect(lines.join('\n')).not.toContain('ready');
    // The entry's line, then the error's stack.
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] ERROR \(worker\): audio\.assemble failed/);
    expect(lines.join('\n')).toContain('Error: disk full');
  });

  it('logs each request once with its id, method, path without the query, status and time, and no headers', async () => {
    const out = memory();
    const app = new Hono()
      .use(requestLog(createLogger('server', 'info', { format: 'json', destination: out.stream })))
      .get('/api/users/me', (c) => c.json({ ok: true }))
      .get('/api/boom', () => {
        throw new Error('boom');
      })
      .onError((_err, c) => c.text('Internal error', 500));
    const ok = await app.request('/api/users/me?token=query-secret', {
      headers: { authorization: 'Bearer abc', cookie: 'sid=1', 'x-request-id': 'lb-42' },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-request-id')).toBe('lb-42');
    const failed = await app.request('/api/boom', { headers: { 'x-request-id': 'not an id; rm -rf' } });
    expect(failed.status).toBe(500);
    const text = out.lines().join('\n');
    for (const secret of ['query-secret', 'Bearer abc', 'sid=1', 'rm -rf']) expect(text).not.toContain(secret);
    const [first, second] = entries(out.lines());
    expect(first).toMatchObject({ level: 30, reqId: 'lb-42', req: { method: 'GET', url: '/api/users/me' }, res: { status: 200 } });
    expect(first).not.toHaveProperty('req.headers');
    expect(typeof first?.responseTime).toBe('number');
    expect(second).toMatchObject({ level: 50, req: { url: '/api/boom' }, res: { status: 500 } });
    expect(second?.reqId).toBe(failed.headers.get('x-request-id'));
    expect(second?.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs one successful health check in so many, and every failed one', async () => {
    const out = memory();
    let healthy = true;
    const app = new Hono()
      .use(requestLog(createLogger('server', 'info', { format: 'json', destination: out.stream }), 10))
      .get('/api/health', (c) => c.json({ ok: healthy }, healthy ? 200 : 503));
    for (let i = 0; i < 25; i++) await app.request('/api/health');
    expect(entries(out.lines())).toHaveLength(3);
    healthy = false;
    await app.request('/api/health');
    await app.request('/api/health');
    expect(entries(out.lines()).filter((entry) => (entry.res as { status: number }).status === 503)).toHaveLength(2);
  });
});
