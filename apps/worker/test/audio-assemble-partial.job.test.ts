/**
 * audio.assemble re-rendering a long episode after a late cut: only the part from the cut on is
 * rendered again, the earlier render's frames before it kept (the same decoded samples).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assembleBed } from './support/assemble-bed.ts';

const bed = assembleBed();
const { services, stored, episodeRow, waitForJob, accept, content, assemble, measure, logs } = bed;

describe('audio.assemble: partial re-render', () => {
  it("re-renders a cut late in a long episode from the cut on, keeping the earlier render's frames before it", async () => {
    const { wav, transcript } = content('long', 90);
    const upload = await accept(wav, 'main_content', 'Long episode', transcript);
    const first = await waitForJob(await assemble(upload.id, 'Long episode'));
    expect(first.status).toBe('processed');
    const before = await episodeRow(first.episode_id);
    const earlier = path.join(bed.files.dir, 'long-first.mp3');
    execFileSync('cp', [stored(before.finalAudioKey ?? ''), earlier]);
    const contentStart = before.edl?.segments.find((s) => s.source === 'content')?.start_ms ?? 0;
    const cutAt = contentStart + 95_000;
    const queued = await services().assembly.addCutsAndRerender(before, [{ start_ms: cutAt, end_ms: cutAt + 2_000 }]);
    expect((await waitForJob(queued.job_id ?? '')).status).toBe('processed');
    const after = await episodeRow(first.episode_id);
    expect(Math.abs(measure(after.finalAudioKey ?? '') - queued.duration_ms)).toBeLessThanOrEqual(50);
    const reused = logs.find((line) => line.includes(first.episode_id) && line.includes('reused'));
    expect(reused).toMatch(/the first (\d+\.\d) s reused/);
    const seconds = Number(/the first (\d+\.\d) s reused/.exec(reused ?? '')?.[1]);
    expect(seconds).toBeGreaterThan(60);
    expect(seconds * 1000).toBeLessThan(cutAt);
    // The first minute decodes to the same samples as the earlier render's (its frames were kept).
    const minute = (file: string) =>
      createHash('sha256')
        .update(execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-t', '60', '-f', 's16le', '-'], { maxBuffer: 64 << 20 }))
        .digest('hex');
    expect(minute(stored(after.finalAudioKey ?? ''))).toBe(minute(earlier));
  }, 240_000);
});
