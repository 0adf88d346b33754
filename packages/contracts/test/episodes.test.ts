import { describe, expect, it } from 'vitest';
import {
  cutsOverInserts,
  displayStatus,
  formatCutTime,
  normalizeEpisodeTags,
  normalizeManualCuts,
  parseTimeInput,
  republishAvailable,
  retryAvailable,
  ZEpisodeUpdateRequest,
} from '../src/index.ts';

const MIN = 60_000;

describe('episode rules of spec 001', () => {
  it('offers Retry for errors and for processing past 1.25x the duration, or 15 minutes when it is unknown', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    expect(retryAvailable({ status: 'error', duration_ms: null, processed_at: null, created_at: now }, now)).toBe(true);
    expect(retryAvailable({ status: 'processed', duration_ms: null, processed_at: null, created_at: ago(60 * MIN) }, now)).toBe(false);
    expect(retryAvailable({ status: 'processing', duration_ms: 10 * MIN, processed_at: null, created_at: ago(12 * MIN) }, now)).toBe(false);
    expect(retryAvailable({ status: 'processing', duration_ms: 10 * MIN, processed_at: null, created_at: ago(12.6 * MIN) }, now)).toBe(
      true,
    );
    expect(retryAvailable({ status: 'processing', duration_ms: 10 * MIN, processed_at: ago(MIN), created_at: ago(60 * MIN) }, now)).toBe(
      false,
    );
    expect(retryAvailable({ status: 'processing', duration_ms: null, processed_at: null, created_at: ago(14 * MIN) }, now)).toBe(false);
    expect(retryAvailable({ status: 'processing', duration_ms: null, processed_at: null, created_at: ago(16 * MIN) }, now)).toBe(true);
  });

  it('offers Retry Publish only for processed episodes needing republish or with a publish error', () => {
    expect(republishAvailable({ status: 'processed', needs_republish: true, publish_error: null })).toBe(true);
    expect(republishAvailable({ status: 'processed', needs_republish: false, publish_error: 'Spreaker said no' })).toBe(true);
    expect(republishAvailable({ status: 'published', needs_republish: true, publish_error: null })).toBe(false);
    expect(republishAvailable({ status: 'processed', needs_republish: false, publish_error: null })).toBe(false);
  });

  it('shows any other status as unknown', () => {
    expect(['published', 'scheduled', 'processed', 'processing', 'error', 'pending', 'weird'].map(displayStatus)).toEqual([
      'published',
      'scheduled',
      'processed',
      'processing',
      'error',
      'unknown',
      'unknown',
    ]);
  });

  it('splits, trims, caps and de-duplicates tags ignoring case', () => {
    expect(normalizeEpisodeTags(' news, News ,, tech ,' + 'y'.repeat(35))).toEqual(['news', 'tech', 'y'.repeat(30)]);
    expect(normalizeEpisodeTags(Array.from({ length: 30 }, (_, i) => `t${i}`))).toHaveLength(20);
  });

  it('takes season and episode numbers as non-negative whole numbers or empty', () => {
    expect(ZEpisodeUpdateRequest.parse({ season_number: '', episode_number: '7' })).toMatchObject({
      season_number: null,
      episode_number: 7,
    });
    expect(ZEpisodeUpdateRequest.parse({ season_number: null, episode_number: 0 })).toMatchObject({
      season_number: null,
      episode_number: 0,
    });
    for (const bad of [-1, '1.5', 'two', 2.5]) expect(ZEpisodeUpdateRequest.safeParse({ episode_number: bad }).success).toBe(false);
    expect(ZEpisodeUpdateRequest.parse({ title: '  Trimmed  ' }).title).toBe('Trimmed');
  });
});

describe('manual editor helpers', () => {
  it('drops cuts under 20 ms and sorts the rest by start', () => {
    const cuts = normalizeManualCuts([
      { start_ms: 5000, end_ms: 6000 },
      { start_ms: 100, end_ms: 119 },
      { start_ms: 300, end_ms: 320 },
      { start_ms: 2000, end_ms: 1500 },
    ]);
    expect(cuts).toEqual([
      { start_ms: 300, end_ms: 320 },
      { start_ms: 1500, end_ms: 2000 },
      { start_ms: 5000, end_ms: 6000 },
    ]);
  });

  it('reads hh:mm:ss, mm:ss and plain seconds, and nothing else', () => {
    expect(parseTimeInput('01:02:03')).toBe(3723);
    expect(parseTimeInput('2:05')).toBe(125);
    expect(parseTimeInput('12.5')).toBe(12.5);
    expect(parseTimeInput(' 0:07.25 ')).toBe(7.25);
    for (const bad of ['', 'abc', '1:75', '1::2', '-3', '1:2:3:4']) expect(parseTimeInput(bad)).toBeNull();
  });

  it('writes cut times as mm:ss.ss', () => {
    expect(formatCutTime(0)).toBe('00:00.00');
    expect(formatCutTime(65_432)).toBe('01:05.43');
    expect(formatCutTime(3_723_000)).toBe('62:03.00');
  });
});

describe('cuts over inserted answers and effects (issue 18)', () => {
  const answer = { id: 'intern-0', kind: 'intern' as const, title: 'Intern', start_ms: 10_000, end_ms: 12_000 };
  const clap = { id: 'sfx-1', kind: 'sfx' as const, title: 'clap', start_ms: 20_000, end_ms: 20_800 };

  it('removes an insert a cut covers whole (within 100 ms of its edges) and leaves the others', () => {
    expect(cutsOverInserts([{ start_ms: 10_050, end_ms: 11_950 }], [answer, clap])).toEqual({ removed: [answer], problem: null });
    expect(cutsOverInserts([{ start_ms: 19_000, end_ms: 21_000 }], [answer, clap])).toEqual({ removed: [clap], problem: null });
    expect(cutsOverInserts([{ start_ms: 0, end_ms: 9_000 }], [answer, clap])).toEqual({ removed: [], problem: null });
  });

  it('refuses a cut over part of one, naming it and where it plays', () => {
    expect(cutsOverInserts([{ start_ms: 10_500, end_ms: 11_000 }], [answer]).problem).toBe(
      'This cut covers part of the Intern answer at 0:10.0-0:12.0. Part of an inserted clip cannot be cut: widen the cut to cover all of it to remove it, or move the cut off it.',
    );
    expect(cutsOverInserts([{ start_ms: 20_400, end_ms: 22_000 }], [clap]).problem).toContain(
      "part of the sound effect 'clap' at 0:20.0-0:20.8",
    );
  });
});
