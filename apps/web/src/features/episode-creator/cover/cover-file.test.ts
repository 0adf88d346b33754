import { describe, expect, it } from 'vitest';
import { EPISODE_CREATOR_MESSAGES } from '@ppp/contracts';
import { COVER_MODE_STORAGE_KEY, coverFileProblem, coverUploadName, readCoverMode, writeCoverMode } from './cover-file.ts';
import { storedCoverOf } from './cover-upload.ts';

const MB = 1024 * 1024;

describe('cover file checks', () => {
  it('takes images up to 15 MB', () => {
    expect(coverFileProblem({ type: 'image/png', size: 15 * MB })).toBeNull();
    expect(coverFileProblem({ type: 'image/jpeg', size: 15 * MB + 1 })).toBe(EPISODE_CREATOR_MESSAGES.coverTooLarge);
    expect(coverFileProblem({ type: 'audio/mpeg', size: 10 })).toBe(EPISODE_CREATOR_MESSAGES.coverNotImage);
    expect(coverFileProblem({ type: '', size: 10 })).toBe(EPISODE_CREATOR_MESSAGES.coverNotImage);
  });

  it('names the upload as a JPEG', () => {
    expect(coverUploadName('My Show.PNG')).toBe('My Show.jpg');
    expect(coverUploadName('.png')).toBe('cover.jpg');
  });
});

describe('remembered mode', () => {
  it('reads back what was written, crop by default', () => {
    const map = new Map<string, string>();
    const store = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    expect(readCoverMode(store)).toBe('crop');
    writeCoverMode('pad', store);
    expect(map.get(COVER_MODE_STORAGE_KEY)).toBe('pad');
    expect(readCoverMode(store)).toBe('pad');
    map.set(COVER_MODE_STORAGE_KEY, 'zoom');
    expect(readCoverMode(store)).toBe('crop');
  });
});

describe('upload answers', () => {
  it('reads the cover route and the media list', () => {
    expect(storedCoverOf({ id: 'i', filename: 'a.jpg', path: '/static/media/a.jpg', stored_as: 'a.jpg' })).toEqual({
      filename: 'a.jpg',
      preview_url: '/static/media/a.jpg',
    });
    expect(storedCoverOf([{ id: 'i', filename: 'b c.jpg' }])).toEqual({ filename: 'b c.jpg', preview_url: '/static/media/b%20c.jpg' });
    expect(storedCoverOf([])).toBeNull();
    expect(storedCoverOf({ detail: 'x' })).toBeNull();
  });
});
