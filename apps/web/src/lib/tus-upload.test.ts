import { describe, expect, it } from 'vitest';
import { STORAGE_MESSAGES, STORAGE_OUTAGE } from '@ppp/contracts';
import { shouldRetry, tusErrorMessage, uploadedItem } from './tus-upload.ts';

describe('uploadedItem (issue 19: the upload messages of spec 000)', () => {
  it('answers the stored file', () => {
    expect(uploadedItem(JSON.stringify({ id: 'm1', filename: 'a1-take.mp3' }))).toEqual({ item: { id: 'm1', filename: 'a1-take.mp3' } });
  });

  it("says 'Upload succeeded but no file was returned.' when the answer holds no file", () => {
    for (const body of ['', 'not json', 'null', '{}', '[]'])
      expect(uploadedItem(body)).toEqual({ problem: 'Upload succeeded but no file was returned.' });
  });

  it("says 'Upload response missing filename' when the file has no name", () => {
    expect(uploadedItem(JSON.stringify({ id: 'm1', filename: '' }))).toEqual({ problem: 'Upload response missing filename' });
  });
});

describe('tusErrorMessage (spec 000 and 001 upload failures)', () => {
  const answered = (status: number, body: string) => ({ originalResponse: { getStatus: () => status, getBody: () => body } });
  it("gives the server's words, else 'Upload failed with status {n}'", () => {
    expect(tusErrorMessage(answered(413, '{"detail":"File too large"}'))).toBe('File too large');
    expect(tusErrorMessage(answered(500, ''))).toBe('Upload failed with status 500');
  });
  it('says what the screen asks for when no server answered', () => {
    expect(tusErrorMessage(new Error('network'))).toBe('Unable to upload audio.');
    expect(tusErrorMessage(new Error('network'), 'Upload failed. Please try again.')).toBe('Upload failed. Please try again.');
  });
});

describe('a storage outage (issue 35)', () => {
  const failed = (status: number) => ({ originalResponse: status ? { getStatus: () => status } : null });

  it('retries no answer and 5xx (said as an outage) and a locked upload, never a refusal', () => {
    const said: boolean[] = [];
    const notice = (now: boolean) => said.push(now);
    expect([0, 503, 500, 423, 404, 413, 422].map((status) => shouldRetry(failed(status), notice))).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(said).toEqual([true, true, true]);
  });

  it('waits out at least two minutes with backoff before giving up', () => {
    const delays = STORAGE_OUTAGE.clientRetryDelaysMs;
    expect(delays.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThanOrEqual(STORAGE_OUTAGE.clientRetryMs);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(STORAGE_MESSAGES.unavailable).not.toMatch(/\d+\.\d+\.\d+\.\d+|ECONN/);
  });
});
