import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EPISODE_CREATOR_MESSAGES } from '@ppp/contracts';
import { CoverUploadError, uploadCover } from './cover-upload.ts';

/** A real HTTP server answering each upload path as the handler says; records what it received. */
let server: Server | null = null;
const received: { path: string; body: string }[] = [];

async function serve(handler: (path: string, res: ServerResponse) => void): Promise<string> {
  received.length = 0;
  server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString('latin1') });
      handler(req.url ?? '', res);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' });

describe('cover upload', () => {
  it('sends files and friendly_names to episode_cover, and falls back to cover_art with file', async () => {
    const baseUrl = await serve((path, res) => {
      if (path === '/api/media/upload/episode_cover') json(res, 422, { detail: 'Invalid option', code: 'VALIDATION' });
      else json(res, 201, { id: 'm1', filename: 'abc.jpg', path: '/static/media/abc.jpg', stored_as: 'abc.jpg' });
    });
    await expect(uploadCover(jpeg, 'Show art.jpg', { baseUrl })).resolves.toEqual({
      filename: 'abc.jpg',
      preview_url: '/static/media/abc.jpg',
    });
    expect(received.map((r) => r.path)).toEqual(['/api/media/upload/episode_cover', '/api/media/upload/cover_art']);
    expect(received[0]!.body).toContain('name="files"; filename="Show art.jpg"');
    expect(received[0]!.body).toContain('name="friendly_names"');
    expect(received[0]!.body).toContain('["Show art.jpg"]');
    expect(received[1]!.body).toContain('name="file"; filename="Show art.jpg"');
  });

  it('stops at the first route that takes it', async () => {
    const baseUrl = await serve((_path, res) => json(res, 201, [{ id: 'm2', filename: 'def.jpg' }]));
    await expect(uploadCover(jpeg, 'a.jpg', { baseUrl })).resolves.toEqual({ filename: 'def.jpg', preview_url: '/static/media/def.jpg' });
    expect(received).toHaveLength(1);
  });

  it("says the server's reason, or 'Cover upload failed'", async () => {
    let baseUrl = await serve((_path, res) => json(res, 413, { detail: 'Cover image exceeds 15MB limit.' }));
    await expect(uploadCover(jpeg, 'a.jpg', { baseUrl })).rejects.toThrow('Cover image exceeds 15MB limit.');
    expect(received).toHaveLength(1);
    server?.close();
    baseUrl = await serve((_path, res) => {
      res.writeHead(500);
      res.end('');
    });
    await expect(uploadCover(jpeg, 'a.jpg', { baseUrl })).rejects.toThrow(EPISODE_CREATOR_MESSAGES.coverUploadFailed);
  });

  it("gives up at the deadline with 'Cover upload timed out...'", async () => {
    const baseUrl = await serve(() => {
      // Never answers.
    });
    const error = await uploadCover(jpeg, 'a.jpg', { baseUrl, timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoverUploadError);
    expect((error as CoverUploadError).message).toBe(EPISODE_CREATOR_MESSAGES.coverTimedOut);
    expect((error as CoverUploadError).timedOut).toBe(true);
  });

  it('refuses an answer without a stored name', async () => {
    const baseUrl = await serve((_path, res) => json(res, 201, { ok: true }));
    await expect(uploadCover(jpeg, 'a.jpg', { baseUrl })).rejects.toThrow(EPISODE_CREATOR_MESSAGES.coverUploadFailed);
  });
});
