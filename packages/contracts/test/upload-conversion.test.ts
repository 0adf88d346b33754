import { describe, expect, it } from 'vitest';
import { UPLOAD_CONVERSION, conversionSampleRate, isConversionCandidate, mp3Name, preferConverted } from '../src/index.ts';

const MB = 1024 * 1024;

describe('the in-browser conversion decision (spec 001 sections 4 and 9)', () => {
  it('converts a WAV recording of some size, never an MP3 or a small file', () => {
    expect(isConversionCandidate({ name: 'interview.wav', type: 'audio/wav', size: 660 * MB })).toBe(true);
    expect(isConversionCandidate({ name: 'take.WAVE', type: '', size: 20 * MB })).toBe(true);
    expect(isConversionCandidate({ name: 'x.bin', type: 'audio/x-wav', size: 20 * MB })).toBe(true);
    expect(isConversionCandidate({ name: 'episode.mp3', type: 'audio/mpeg', size: 660 * MB })).toBe(false);
    expect(isConversionCandidate({ name: 'short.wav', type: 'audio/wav', size: UPLOAD_CONVERSION.minBytes - 1 })).toBe(false);
  });

  it('uses the MP3 only when the original is more than 2 times larger', () => {
    expect(preferConverted(660 * MB, 57 * MB)).toBe(true);
    expect(preferConverted(100, 50)).toBe(false);
    expect(preferConverted(101, 50)).toBe(true);
    expect(preferConverted(100, 0)).toBe(false);
  });

  it("encodes at the source's rate when the spec lists it, else the next listed rate below", () => {
    expect(conversionSampleRate(48000)).toBe(48000);
    expect(conversionSampleRate(44100)).toBe(44100);
    expect(conversionSampleRate(96000)).toBe(48000);
    expect(conversionSampleRate(37800)).toBe(32000);
    expect(conversionSampleRate(6000)).toBe(8000);
    expect(UPLOAD_CONVERSION.frameSamples).toBe(1152);
    expect(UPLOAD_CONVERSION.kbps).toBe(128);
  });

  it('names the MP3 after the original', () => {
    expect(mp3Name('interview.wav')).toBe('interview.mp3');
    expect(mp3Name('.wav')).toBe('audio.mp3');
  });
});
