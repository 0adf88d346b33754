/**
 * audio.assemble when the worker is stopped mid-render: no file and no work folder are left, pg-boss
 * retries the job on the next start, and a rerun of the same recipe writes the same bytes.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assembleBed } from './support/assemble-bed.ts';

const bed = assembleBed();
const {
  services,
  user,
  stored,
  sha256,
  pcmHash,
  episodeRow,
  waitForJob,
  accept,
  content,
  assemble,
  measure,
  runWorker,
  scratchRoot,
  logs,
} = bed;

describe('audio.assemble: a worker stopped mid-render', () => {
  it('a worker stopped mid-render leaves no file; the retry completes and a rerun writes the same audio', async () => {
    const { wav, transcript } = content('long', 420);
    const upload = await accept(wav, 'main_content', 'Long episode', transcript);
    const jobId = await assemble(upload.id, 'Long episode');
    const deadline = Date.now() + 60_000;
    let progress = 0;
    while (progress < 5) {
      if (Date.now() > deadline) throw new Error(`render did not start\n${logs.join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
      progress = (await services().assembly.status(await user(), jobId)).progress ?? 0;
    }
    const { episode_id: id } = await services().assembly.status(await user(), jobId);
    expect(progress).toBeLessThan(100);
    await bed.worker?.boss.stop({ graceful: true, timeout: 1000 });
    await new Promise((r) => setTimeout(r, 1500));
    const folder = stored(`users/${bed.userId}/episodes/${id}`);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
    // The stopped run's work folder (its partial render) went with it.
    expect(existsSync(scratchRoot()) ? readdirSync(scratchRoot()) : []).toEqual([]);
    expect((await episodeRow(id)).finalAudioKey).toBeNull();

    await runWorker();
    const status = await waitForJob(jobId, 180_000);
    expect(status.status).toBe('processed');
    const job = await bed.worker?.boss.getJobById('audio.assemble', jobId);
    expect(job?.retryCount).toBeGreaterThanOrEqual(1);
    const first = await episodeRow(id);
    const key = first.finalAudioKey ?? '';
    // The render's files, and its published words when the content's transcript was there when it planned
    // (this test is about the stop and the retry, not about when the transcription finished).
    const renderFiles = [
      path.basename(key),
      path.basename(key).replace(/\.mp3$/, '.peaks.json'),
      path.basename(key).replace(/\.mp3$/, '.render.json'),
    ];
    const wordsFile = path.basename(key).replace(/\.mp3$/, '.words.json');
    const storedFiles = readdirSync(stored(`users/${bed.userId}/episodes/${id}`));
    expect(storedFiles.sort()).toEqual((storedFiles.includes(wordsFile) ? [...renderFiles, wordsFile] : renderFiles).sort());
    const measured = measure(key);
    expect(Math.abs(measured - (first.edl?.duration_ms ?? 0))).toBeLessThanOrEqual(50);
    const fileHash = sha256(stored(key));
    const soundHash = pcmHash(stored(key));

    // The same recipe planned and rendered again: the same key, the same bytes, the same sound.
    const again = await services().assembly.requeueJob(first);
    expect((await waitForJob(again)).status).toBe('processed');
    const second = await episodeRow(id);
    expect(second.finalAudioKey).toBe(key);
    expect(second.durationMs).toBe(first.durationMs);
    expect(sha256(stored(key))).toBe(fileHash);
    expect(pcmHash(stored(key))).toBe(soundHash);
    console.log(
      `killed at ${progress}% and retried (retryCount ${job?.retryCount}): planned ${first.edl?.duration_ms} ms, decoded ${measured} ms, sha256 ${fileHash.slice(0, 12)} on both runs`,
    );
  }, 300_000);
});
