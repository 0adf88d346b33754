/**
 * The multipart reader that streams files to disk: fields and files as sent, each file checked as it
 * streams, and nothing left on disk by a refused, malformed or cut-off form.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MEDIA } from '@ppp/contracts';
import { AppError } from '../../src/domain/errors.ts';
import { ScratchFolder } from '../../src/domain/storage/scratch.ts';
import { streamForm, type SizeGuard } from '../../src/http/form-stream.ts';

const root = mkdtempSync(path.join(tmpdir(), 'ppp-form-stream-'));
const scratch = new ScratchFolder(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const BOUNDARY = 'form-boundary';
const filesLeft = () =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer };

/** A multipart request whose body arrives in small pieces, optionally cut short or failing after `failAfter` bytes. */
function formRequest(parts: Part[], options: { end?: boolean; failAfter?: number } = {}): Request {
  const pieces: Buffer[] = parts.map((part) =>
    Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${part.name}"${'filename' in part ? `; filename="${part.filename}"` : ''}\r\n\r\n`,
      ),
      'data' in part ? part.data : Buffer.from(part.value),
      Buffer.from('\r\n'),
    ]),
  );
  if (options.end !== false) pieces.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  const whole = Buffer.concat(pieces);
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (options.failAfter !== undefined && offset >= options.failAfter) return controller.error(new Error('connection dropped'));
      if (offset >= whole.length) return controller.close();
      controller.enqueue(whole.subarray(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
  return new Request('http://test/upload', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body,
    duplex: 'half',
  } as RequestInit);
}

const guardAt =
  (limit: number): SizeGuard =>
  (name, bytes) => {
    if (bytes > limit) throw new AppError('PAYLOAD_TOO_LARGE', `${name}: too large`);
  };

describe('streamForm', () => {
  it('keeps the fields in order and writes each file to its own temporary file, byte for byte', async () => {
    const audio = Buffer.alloc(300 * 1024, 7);
    const form = await streamForm(
      formRequest([
        { name: 'category', value: 'music' },
        { name: 'files', filename: 'a.mp3', data: audio },
        { name: 'files', filename: 'b.mp3', data: Buffer.from('second') },
        { name: 'friendly_names', value: '["A","B"]' },
      ]),
      { scratch },
    );
    expect(form.fields).toEqual([
      ['category', 'music'],
      ['friendly_names', '["A","B"]'],
    ]);
    expect(form.files.map(({ field, name, size }) => ({ field, name, size }))).toEqual([
      { field: 'files', name: 'a.mp3', size: audio.length },
      { field: 'files', name: 'b.mp3', size: 6 },
    ]);
    expect(readFileSync(form.files[0]?.path ?? '').equals(audio)).toBe(true);
    await form.cleanup();
    expect(filesLeft()).toEqual([]);
  });

  it('gives the guard the fields read before each file, and refuses a file the moment it passes its limit, keeping nothing', async () => {
    const seen: string[] = [];
    const refusal = streamForm(
      formRequest([
        { name: 'category', value: 'sfx' },
        { name: 'files', filename: 'small.wav', data: Buffer.alloc(1000) },
        { name: 'files', filename: 'big.wav', data: Buffer.alloc(600 * 1024) },
      ]),
      {
        scratch,
        guardFor: (fields) => {
          seen.push(fields.get('category') ?? '');
          return guardAt(500 * 1024);
        },
      },
    );
    await expect(refusal).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'big.wav: too large' });
    expect(seen).toEqual(['sfx', 'sfx']);
    expect(filesLeft()).toEqual([]);
  });

  it('refuses more files than an upload takes', async () => {
    const parts = Array.from({ length: MEDIA.maxFilesPerUpload + 2 }, (_, i) => ({
      name: 'files',
      filename: `${i}.mp3`,
      data: Buffer.from('x'),
    }));
    await expect(streamForm(formRequest(parts), { scratch })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(filesLeft()).toEqual([]);
  });

  it('refuses a form cut short or a body that fails mid-file, and removes what was written', async () => {
    const file = { name: 'files', filename: 'a.mp3', data: Buffer.alloc(400 * 1024) };
    await expect(streamForm(formRequest([file], { end: false }), { scratch })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(streamForm(formRequest([file], { failAfter: 200 * 1024 }), { scratch })).rejects.toThrow('connection dropped');
    expect(filesLeft()).toEqual([]);
  });

  it('refuses what is not a multipart form, or has no boundary', async () => {
    const json = new Request('http://test/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await expect(streamForm(json, { scratch })).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const noBoundary = new Request('http://test/', { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: 'x' });
    await expect(streamForm(noBoundary, { scratch })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
