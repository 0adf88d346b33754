import { describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES, ZTranscriptionQueue } from '../src/index.ts';

describe('an upload waiting for its transcription (issue 38)', () => {
  it('says its place in line with the right ordinal, and the wait in minutes when there is an estimate', () => {
    expect(MEDIA_MESSAGES.queueLine(1, 20)).toBe('Next in line · under a minute');
    expect(MEDIA_MESSAGES.queueLine(2, null)).toBe('2nd in line');
    expect(MEDIA_MESSAGES.queueLine(3, 130)).toBe('3rd in line · about 2 min');
    expect(MEDIA_MESSAGES.queueLine(4, 60)).toBe('4th in line · about 1 min');
    expect(MEDIA_MESSAGES.queueLine(11, 600)).toBe('11th in line · about 10 min');
    expect(MEDIA_MESSAGES.queueLine(12, null)).toBe('12th in line');
    expect(MEDIA_MESSAGES.queueLine(21, null)).toBe('21st in line');
    expect(MEDIA_MESSAGES.queueLine(113, null)).toBe('113th in line');
  });

  it('refuses a place below 1 or a negative wait', () => {
    expect(ZTranscriptionQueue.safeParse({ position: 0, wait_seconds: 10 }).success).toBe(false);
    expect(ZTranscriptionQueue.safeParse({ position: 1, wait_seconds: -1 }).success).toBe(false);
    expect(ZTranscriptionQueue.parse({ position: 3, wait_seconds: null })).toEqual({ position: 3, wait_seconds: null });
  });
});
