/**
 * An episode's way through the product's HTTP API, for tests that run servers and workers together:
 * a creator signs up, makes a show (with cover, category and author, so the feed check passes), uploads
 * over tus, waits for the transcript, assembles, publishes, and reads the feed and its enclosures.
 * Any call may go to any server of the instance.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { TAssembleEpisodeRequestInput } from '@ppp/contracts';
import { tusMediaItemOf, tusUploadAcross, type TusHost } from '@ppp/server/test-support';
import { login, register, type TestServer } from '../../../server/test/support/http.ts';

/** The address the test servers put into feeds (testConfig's PUBLIC_URL). */
const PUBLIC_URL = 'http://localhost:3000';

export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The first account of a blank instance (active), signed in. */
export async function firstCreator(server: TestServer, email: string): Promise<string> {
  if (!(await register(server, email))) throw new Error('the first account should be active');
  return login(server, email);
}

/** POST /api/podcasts/ (multipart) with what the built-in host's feed check asks for. */
export async function createShow(server: TestServer, token: string, name: string, cover: string): Promise<string> {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name,
    description: `All about ${name}.`,
    language: 'en',
    author_name: 'Ada',
    category: 'Technology',
  }))
    form.append(k, v);
  form.append('cover_image', new Blob([readFileSync(cover)]), path.basename(cover));
  const res = await fetch(`${server.baseUrl}/api/podcasts/`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (res.status !== 201) throw new Error(`create show: ${res.status} ${await res.text()}`);
  return z.object({ id: z.string() }).parse(await res.json()).id;
}

/** A content-only template of the show (POST /api/templates/). */
export async function contentTemplate(server: TestServer, token: string, showId: string): Promise<string> {
  const res = await server.request('POST', '/api/templates/', {
    token,
    json: {
      name: 'Talk only',
      podcast_id: showId,
      segments: [{ id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } }],
    },
  });
  if (res.status !== 201) throw new Error(`template: ${res.status} ${res.text}`);
  return z.object({ id: z.string() }).parse(res.body).id;
}

const ZMediaState = z.object({ status: z.string(), transcript_ready: z.boolean(), transcription_engine: z.string().nullable().optional() });

/** GET /api/media/{id} polled until the upload's transcript is ready or its transcription failed. */
export function transcribed(server: TestServer, token: string, mediaId: string) {
  return waitFor(
    async () => ZMediaState.parse((await server.request('GET', `/api/media/${mediaId}`, { token })).body),
    (m) => m.transcript_ready || m.status === 'error',
    'transcription not finished',
  );
}

/** A main-content upload over tus (chunks spread over the servers), then its transcription by a worker. */
export async function uploadAndTranscribe(
  servers: readonly TestServer[],
  token: string,
  file: string,
  chunk: number,
): Promise<{ id: string; filename: string; engine: string | null | undefined }> {
  const data = readFileSync(file);
  const meta = { filename: path.basename(file), category: 'main_content', friendly_name: 'Interview' };
  const { last } = await tusUploadAcross(servers as readonly TusHost[], token, data, meta, chunk);
  const item = z
    .object({ id: z.string(), filename: z.string(), size: z.number() })
    .parse(await tusMediaItemOf(servers.at(-1)!, token, last));
  if (item.size !== data.length) throw new Error(`stored ${item.size} of ${data.length} bytes`);
  const ready = await transcribed(servers.at(-1)!, token, item.id);
  if (ready.status !== 'ready') throw new Error(`transcription: ${JSON.stringify(ready)}`);
  return { id: item.id, filename: item.filename, engine: ready.transcription_engine };
}

/** POST /api/episodes/assemble with `body`, then its status polled until the render is stored; the episode's id. */
export async function assembleRendered(server: TestServer, token: string, body: TAssembleEpisodeRequestInput): Promise<string> {
  const title = body.episode_details.title;
  const queued = await server.request('POST', '/api/episodes/assemble', { token, json: body });
  if (queued.status !== 202) throw new Error(`assemble: ${queued.status} ${queued.text}`);
  const { job_id, episode_id } = z.object({ job_id: z.string(), episode_id: z.string() }).parse(queued.body);
  const done = await waitFor(
    async () =>
      z
        .object({ status: z.string(), error: z.string().nullable() })
        .parse((await server.request('GET', `/api/episodes/status/${job_id}`, { token })).body),
    (s) => s.status === 'processed' || s.status === 'error',
    `assembly of ${title} not finished`,
  );
  if (done.status !== 'processed') throw new Error(`assembly of ${title}: ${JSON.stringify(done)}`);
  return episode_id;
}

/** An episode of the upload on the template, without retakes, commands or sound effects: assembleRendered. */
export function assemble(
  server: TestServer,
  token: string,
  templateId: string,
  filename: string,
  title: string,
  episodeNumber: number,
): Promise<string> {
  return assembleRendered(server, token, {
    template_id: templateId,
    main_content_filename: filename,
    episode_details: { title, description: `${title}, assembled.`, episodeNumber },
    intents: { flubber: 'no', intern: 'no', sfx: 'no' },
  });
}

/** POST /api/episodes/{id}/publish (public, now), then the publish job's status polled until published. */
export async function publish(server: TestServer, token: string, episodeId: string): Promise<void> {
  const res = await server.request('POST', `/api/episodes/${episodeId}/publish`, { token, json: { publish_state: 'public' } });
  if (res.status !== 200) throw new Error(`publish: ${res.status} ${res.text}`);
  const ZState = z.object({ status: z.string(), last_error: z.string().nullable() });
  const state = await waitFor(
    async () => ZState.parse((await server.request('GET', `/api/episodes/${episodeId}/publish/status`, { token })).body),
    (s) => s.status === 'published' || s.last_error !== null,
    'publish not finished',
  );
  if (state.status !== 'published') throw new Error(`publish: ${JSON.stringify(state)}`);
}

export interface Enclosure {
  title: string;
  /** The path on this server (the feed names the public address). */
  path: string;
  length: number;
}

/** GET /feeds/{show}.xml: the feed's text and each item's title and enclosure. */
export async function feedOf(server: TestServer, showId: string): Promise<{ status: number; xml: string; enclosures: Enclosure[] }> {
  const res = await fetch(`${server.baseUrl}/feeds/${showId}.xml`);
  const xml = await res.text();
  const enclosures = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, item = '']) => {
    const title = /<title>(?:<!\[CDATA\[)?([\s\S]*?)(?:\]\]>)?<\/title>/.exec(item)?.[1] ?? '';
    const tag = /<enclosure\s[^>]*>/.exec(item)?.[0] ?? '';
    const url = /url="([^"]+)"/.exec(tag)?.[1] ?? '';
    return { title, path: url.replace(PUBLIC_URL, ''), length: Number(/length="(\d+)"/.exec(tag)?.[1]) };
  });
  return { status: res.status, xml, enclosures };
}

/** GET of an enclosure with a Range header: status, Content-Range and the bytes. */
export async function ranged(
  server: TestServer,
  pathname: string,
  range: string,
): Promise<{ status: number; contentRange: string | null; body: Buffer }> {
  const res = await fetch(`${server.baseUrl}${pathname}`, { headers: { range, 'user-agent': 'ppp-test/1.0' } });
  return { status: res.status, contentRange: res.headers.get('content-range'), body: Buffer.from(await res.arrayBuffer()) };
}
