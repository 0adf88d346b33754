import { describe, expect, it } from 'vitest';
import { abViewFor, recordingDestination } from './ab-routing.ts';

describe('where a finished recording or an opened draft goes (spec 002 §2.3)', () => {
  it('opens a draft in finalize when its transcript is ready, otherwise on the upload page', () => {
    expect(abViewFor({ transcript: 'ready' })).toBe('creator-finalize');
    expect(abViewFor({ transcript: 'processing' })).toBe('creator-upload');
    expect(abViewFor({ transcript: 'error' })).toBe('creator-upload');
  });

  it('sends a recording to /ab with its upload in the ab layout, transcribed or not', () => {
    expect(recordingDestination('m 1', true, true)).toBe('/ab?upload=m%201');
    expect(recordingDestination('m1', false, true)).toBe('/ab?upload=m1');
  });

  it('sends a recording to the Episode Creator when transcribed, else to the uploads, in the regular layout', () => {
    expect(recordingDestination('m1', true, false)).toBe('/dashboard/new-episode?upload=m1');
    expect(recordingDestination('m1', false, false)).toBe('/dashboard/upload');
  });
});
