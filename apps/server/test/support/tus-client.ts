/** A tus 1.0 client for the tests: create, send a chunk, read the offset; any server of an instance may take each call. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const TUS = { 'tus-resumable': '1.0.0' };

/** What the tus hosts of a test have in common: a base URL (several servers may share one upload). */
export interface TusHost {
  baseUrl: string;
}

const uploadMetadata = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** POST /files/: creates an upload of `length` bytes with its metadata (filename, category, friendly_name). */
export function createTusUpload(host: TusHost, token: string, length: number, meta: Record<string, string>): Promise<Response> {
  return fetch(`${host.baseUrl}/files/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...TUS, 'upload-length': String(length), 'upload-metadata': uploadMetadata(meta) },
  });
}

/** The upload's id from a creation's Location header. */
export const tusIdOf = (created: Response): string => (created.headers.get('location') ?? '').split('/').pop() ?? '';

/** The headers of a PATCH carrying bytes from `offset` (the start unless given). */
export function tusPatchHeaders(token: string, offset = 0): Record<string, string> {
  return {
    authorization: `Bearer ${token}`,
    ...TUS,
    'upload-offset': String(offset),
    'content-type': 'application/offset+octet-stream',
  };
}

/** PATCH /files/{id}: one chunk at `offset`. */
export function patchTusChunk(host: TusHost, token: string, id: string, offset: number, body: Buffer): Promise<Response> {
  return fetch(`${host.baseUrl}/files/${id}`, { method: 'PATCH', headers: tusPatchHeaders(token, offset), body: new Uint8Array(body) });
}

/** HEAD /files/{id}: the status and the offset the server reads. */
export async function tusOffsetOn(host: TusHost, token: string, id: string): Promise<{ status: number; offset: number }> {
  const head = await fetch(`${host.baseUrl}/files/${id}`, { method: 'HEAD', headers: { authorization: `Bearer ${token}`, ...TUS } });
  return { status: head.status, offset: Number(head.headers.get('upload-offset')) };
}

/**
 * A whole upload in chunks of `chunk` bytes, chunk i sent to hosts[i % hosts.length] after checking that
 * host reads the offset reached so far; returns the last answer (204 naming the media item when accepted).
 */
export async function tusUploadAcross(
  hosts: readonly TusHost[],
  token: string,
  data: Buffer,
  meta: Record<string, string>,
  chunk: number,
): Promise<{ id: string; last: Response }> {
  const created = await createTusUpload(hosts[0]!, token, data.length, meta);
  if (created.status !== 201) throw new Error(`tus create: ${created.status} ${await created.text()}`);
  const id = tusIdOf(created);
  let offset = 0;
  for (let i = 0; ; i++) {
    const host = hosts[i % hosts.length]!;
    const read = await tusOffsetOn(host, token, id);
    if (read.status !== 200 || read.offset !== offset)
      throw new Error(`tus HEAD on ${host.baseUrl}: ${JSON.stringify(read)}, expected ${offset}`);
    const body = data.subarray(offset, offset + chunk);
    const last = await patchTusChunk(host, token, id, offset, body);
    offset += body.length;
    if (offset >= data.length) return { id, last };
    if (last.status !== 204) throw new Error(`tus PATCH on ${host.baseUrl}: ${last.status} ${await last.text()}`);
  }
}

/**
 * The media item a finished upload became: the PATCH that completed it answers 204 as tus says and
 * names the item in Upload-Media-Id (issue 36), read here over REST as the owner.
 */
export async function tusMediaItemOf(host: TusHost, token: string, last: Response): Promise<unknown> {
  if (last.status !== 204) throw new Error(`tus completion: ${last.status} ${await last.text()}`);
  const id = last.headers.get('upload-media-id');
  if (!id) throw new Error('tus completion named no media item (Upload-Media-Id)');
  const res = await fetch(`${host.baseUrl}/api/media/${id}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`GET /api/media/${id}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Every file under a folder (recursively); empty folders are not files, a missing folder has none. */
export function filesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}
