import { describe, expect, it } from 'vitest';
import { etagOf, parseByteRange } from '../../src/http/media/byte-range.ts';
import { assertWithinLimit, imageTypeOf, limitMbFor, storedFilename } from '../../src/domain/media/upload-rules.ts';
import { assertSafeKey } from '../../src/domain/storage/local-storage.ts';

const MB = 1024 * 1024;

describe('byte ranges', () => {
  it('reads start-end, open-ended and suffix ranges, and refuses what lies past the end', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=50-10', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-1,5-9', 1000)).toBeNull();
    expect(parseByteRange('items=0-1', 1000)).toBeNull();
    expect(parseByteRange(undefined, 1000)).toBeNull();
  });

  it('gives the whole file for a suffix longer than it, and refuses empty suffixes and empty files', () => {
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-10', 0)).toBe('unsatisfiable');
  });

  it('sends the whole file for malformed headers and for several ranges, even when some lie past the end', () => {
    for (const header of ['bytes=-', 'bytes=abc-', 'bytes=0-x', 'bytes', '']) expect(parseByteRange(header, 1000)).toBeNull();
    expect(parseByteRange('bytes=0-1,5000-6000', 1000)).toBeNull();
    expect(parseByteRange('bytes=5000-,6000-', 1000)).toBeNull();
  });

  it('gives a new ETag when the file changes', () => {
    expect(etagOf(10, new Date(1000))).not.toBe(etagOf(11, new Date(1000)));
    expect(etagOf(10, new Date(1000))).not.toBe(etagOf(10, new Date(2000)));
  });
});

describe('upload rules', () => {
  it('limits sfx to 25 MB, covers to 15, main content to the admin setting, the rest to 50', () => {
    expect([limitMbFor('sfx', 500), limitMbFor('cover_art', 500), limitMbFor('main_content', 300), limitMbFor('music', 500)]).toEqual([
      25, 15, 300, 50,
    ]);
    expect(() => assertWithinLimit('a.wav', 25 * MB, 'sfx', 500)).not.toThrow();
    expect(() => assertWithinLimit('a.wav', 25 * MB + 1, 'sfx', 500)).toThrow('a.wav: exceeds 25MB limit for sfx.');
    expect(() => assertWithinLimit('ep.wav', 11 * MB, 'main_content', 10)).toThrow('Audio exceeds 10MB limit.');
  });

  it('tells PNG and JPEG by their first bytes, and makes stored names safe and distinct', () => {
    expect(imageTypeOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(imageTypeOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(imageTypeOf(new TextEncoder().encode('<svg>'))).toBeNull();
    expect(storedFilename('../../My Show (final).mp3', 'abcdef12-0000')).toBe('abcdef12-My_Show_final_.mp3');
  });

  it('keeps storage keys inside the root', () => {
    expect(() => assertSafeKey('users/a/media/b/original.wav')).not.toThrow();
    expect(() => assertSafeKey('users/a/media/b/')).not.toThrow();
    for (const bad of ['../etc/passwd', '/abs', 'users//x', 'users/./x', 'a\\b', '']) expect(() => assertSafeKey(bad)).toThrow();
  });
});
