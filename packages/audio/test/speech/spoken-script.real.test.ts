import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { joinWithGapsArgs, probeAudio, runFfmpeg } from '../../src/index.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'ppp-spoken-script-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('joinWithGapsArgs', () => {
  it('joins clips with silence between them into one mono file as long as the clips and gaps', async () => {
    const clips = [1, 2].map((seconds, i) => {
      const file = path.join(dir, `clip-${i}.wav`);
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-ar', '22050', file]);
      return file;
    });
    const dest = path.join(dir, 'joined.mp3');
    await runFfmpeg(joinWithGapsArgs(clips, 0.5, dest));
    const probe = await probeAudio(dest, { measure: true });
    expect(probe.durationSeconds).toBeGreaterThan(3.45);
    expect(probe.durationSeconds).toBeLessThan(3.6);
    expect(probe.channels).toBe(1);
  });
});
