import { describe, expect, it } from 'vitest';
import { uploadedItem } from './tus-upload.ts';

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
