/**
 * audio.assemble through pg-boss on a real PostgreSQL, real ffmpeg and real files, measured on the
 * output: an espeak-ng intro spoken through the speech port, a static outro clip, content with a
 * supplied transcript holding a Flubber marker, and a music bed. The MP3's length equals the planned
 * EDL's within 50 ms; a template re-render (new timing and music, a new outro clip) and manual cuts
 * plan again from the stored recipe of the same episode.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASSEMBLY, minutesNeeded, ZTemplateBody } from '@ppp/contracts';
import { registerAccount, uniqueEmail } from '@ppp/server/test-support';
import { assembleBed } from './support/assemble-bed.ts';

const bed = assembleBed();
const { services, user, sql, stored, episodeRow, waitForJob, accept, content, templateBody, assemble, measure, measureFile } = bed;

/** The episode the first test renders; the re-renders after it change the same episode. */
let episodeId = '';

/** Peaks were computed once beside the file and answer the editor, as many as the audio's length gives. */
async function expectPeaks(finalAudioKey: string, measured: number): Promise<void> {
  const peaksKey = finalAudioKey.replace(/\.mp3$/, '.peaks.json');
  expect(existsSync(stored(peaksKey))).toBe(true);
  const peaks = await services().renders.peaks(await user(), episodeId);
  expect(peaks).toMatchObject({
    episode_id: episodeId,
    sample_rate: ASSEMBLY.peaksSampleRate,
    samples_per_pixel: ASSEMBLY.peaksSamplesPerPixel,
  });
  expect(Math.abs(peaks.length - (measured / 1000) * (ASSEMBLY.peaksSampleRate / ASSEMBLY.peaksSamplesPerPixel))).toBeLessThan(3);
  expect(Math.max(...peaks.data)).toBeGreaterThan(1000);
}

describe('audio.assemble: render', () => {
  it('renders intro (espeak-ng via the speech port), content without the retake, outro and bed; the MP3 is as long as planned', async () => {
    const { wav, transcript } = content('short', 0);
    const upload = await accept(wav, 'main_content', 'Short episode', transcript);
    expect(upload).toMatchObject({ status: 'ready', transcription_engine: 'supplied' });
    expect(upload.intents?.flubber.count).toBe(1);

    const jobId = await assemble(upload.id, 'Generated episode');
    const status = await waitForJob(jobId);
    expect(status).toMatchObject({
      status: 'processed',
      error: null,
      progress: 100,
      episode: { status: 'processed', title: 'Generated episode' },
    });
    expect(status.episode?.final_audio_url).toMatch(/^\/api\/episodes\/[0-9a-f-]+\/audio\?expires=\d+&sig=/);
    episodeId = status.episode_id;

    const row = await episodeRow(episodeId);
    const edl = row.edl;
    if (!edl || !row.finalAudioKey) throw new Error('no render');
    // The Flubber retake is cut where detection put it.
    const marker = (await services().transcripts.intentHints(await user(), upload.id)).detection.flubber.matches[0];
    const flubberCut = edl.content.cuts.find((cut) => cut.reasons.includes('flubber'));
    expect(flubberCut?.start_ms).toBeLessThanOrEqual(Math.round((marker?.cut_start_s ?? 0) * 1000));
    expect(flubberCut?.end_ms).toBeGreaterThanOrEqual(Math.round((marker?.cut_end_s ?? 0) * 1000));
    expect(edl.segments.map((s) => [s.id, s.source])).toEqual([
      ['intro', 'tts'],
      ['content', 'content'],
      ['outro', 'static'],
    ]);
    expect(edl.music).toHaveLength(1);

    const measured = measure(row.finalAudioKey);
    expect(Math.abs(measured - edl.duration_ms)).toBeLessThanOrEqual(50);
    expect(row.durationMs).toBe(edl.duration_ms);
    expect(row.cleanupStats).toEqual(edl.cleanup_stats);
    // The content's chapters are titled from the words it plays (issue 32), between the intro's and the outro's.
    const titles = row.chapters?.map((c) => c.title) ?? [];
    expect([titles[0], titles.at(-1)]).toEqual(['Intro', 'Outro']);
    expect(titles.length).toBeGreaterThanOrEqual(3);
    for (const title of titles) expect(title).not.toMatch(/^(flubber|intern|stop)\b/i);
    expect(row.processedAt).toBeInstanceOf(Date);
    console.log(
      `assembled: planned ${edl.duration_ms} ms, written ${measured} ms, ${edl.content.cuts.length} cuts (${edl.content.cuts.map((c) => c.reasons.join('+')).join(', ')})`,
    );

    // The AI voice was rendered once and kept as media; minutes were charged for the estimate.
    const voices = await sql<{ id: string }>("select id from media_items where user_id = ? and category = 'voice_render'", [bed.userId]);
    expect(voices).toHaveLength(1);
    const [charge] = await sql<{ minutes: number; seconds: number }>('select minutes, seconds from usage_charges where episode_id = ?', [
      episodeId,
    ]);
    expect(charge?.minutes).toBe(minutesNeeded(charge?.seconds ?? 0));

    await expectPeaks(row.finalAudioKey, measured);
  }, 180_000);
});

describe("audio.assemble: re-render with the template's timing and music", () => {
  it("re-renders with the template's new timing and music, reusing the AI voice and replacing the old file", async () => {
    const before = await episodeRow(episodeId);
    const oldKey = before.finalAudioKey ?? '';
    await services().templates.update(await user(), bed.templateId, { timing: { content_start_offset_s: 0, outro_start_offset_s: 2 } });
    const result = await services().assembly.rerenderTemplate(await user(), bed.templateId);
    expect(result.queued.map((q) => q.episode_id)).toEqual([episodeId]);
    const status = await waitForJob(result.queued[0]?.job_id ?? '');
    expect(status.status).toBe('processed');
    const after = await episodeRow(episodeId);
    expect(after.edl?.duration_ms).toBe((before.edl?.duration_ms ?? 0) + 500 + 1500);
    expect(after.finalAudioKey).not.toBe(oldKey);
    expect(existsSync(stored(oldKey))).toBe(false);
    expect(Math.abs(measure(after.finalAudioKey ?? '') - (after.edl?.duration_ms ?? 0))).toBeLessThanOrEqual(50);
    expect(await sql("select id from media_items where user_id = ? and category = 'voice_render'", [bed.userId])).toHaveLength(1);
  }, 120_000);
});

describe("audio.assemble: re-render with the template's new outro clip", () => {
  it("re-renders with the template's new outro clip (longer by the clips' difference within 50 ms), keeping the episode's own choices; counted first; another user's template is 404", async () => {
    const before = await episodeRow(episodeId);
    const oldOutroWav = path.join(bed.files.dir, 'outro.wav');
    const longWav = path.join(bed.files.dir, 'outro-long.wav');
    execFileSync('espeak-ng', [
      '-w',
      longWav,
      'Thanks for listening to the assembly test show. Tell a friend, and see you next week for another episode.',
    ]);
    const longOutro = await accept(longWav, 'outro', 'Long outro clip');
    const segments = ZTemplateBody.parse(templateBody()).segments.map((s) =>
      s.id === 'outro' ? { ...s, source: { source_type: 'static' as const, filename: longOutro.filename, media_id: longOutro.id } } : s,
    );
    await services().templates.update(await user(), bed.templateId, { segments });

    expect(await services().assembly.rerenderTemplatePreview(await user(), bed.templateId)).toEqual({
      template_id: bed.templateId,
      rerenderable: 1,
      skipped: 0,
      uses_minutes: false,
    });
    const other = uniqueEmail('other-assembler');
    await registerAccount(services(), other);
    const [otherRow] = await sql<{ id: string }>('select id from users where email = ?', [other]);
    const stranger = await services().users.getById(otherRow?.id ?? '');
    await expect(services().assembly.rerenderTemplatePreview(stranger, bed.templateId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(services().assembly.rerenderTemplate(stranger, bed.templateId)).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const charges = await sql('select id from usage_charges where user_id = ?', [bed.userId]);
    // Measured now: the re-render replaces the file.
    const beforeMs = measure(before.finalAudioKey ?? '');
    const result = await services().assembly.rerenderTemplate(await user(), bed.templateId);
    expect(result).toMatchObject({ queued: [{ episode_id: episodeId }], skipped: 0 });
    expect((await waitForJob(result.queued[0]?.job_id ?? '')).status).toBe('processed');
    const after = await episodeRow(episodeId);
    const outroOf = (edl: typeof after.edl) => edl?.segments.find((s) => s.id === 'outro');
    expect(outroOf(after.edl)?.file.duration_ms).toBeGreaterThan((outroOf(before.edl)?.file.duration_ms ?? 0) + 1500);
    const clipDelta = measureFile(longWav) - measureFile(oldOutroWav);
    const fileDelta = measure(after.finalAudioKey ?? '') - beforeMs;
    console.log(`outro swapped: clips differ by ${clipDelta} ms, the rendered files by ${fileDelta} ms`);
    expect(clipDelta).toBeGreaterThan(1500);
    expect(Math.abs(fileDelta - clipDelta)).toBeLessThanOrEqual(50);
    // The episode's own choices stay: the same cuts, the same spoken intro; no minutes charged.
    expect(after.edl?.content.cuts).toEqual(before.edl?.content.cuts);
    expect(after.edl?.segments.find((s) => s.id === 'intro')?.file.duration_ms).toBe(
      before.edl?.segments.find((s) => s.id === 'intro')?.file.duration_ms,
    );
    expect(await sql("select id from media_items where user_id = ? and category = 'voice_render'", [bed.userId])).toHaveLength(1);
    expect(await sql('select id from usage_charges where user_id = ?', [bed.userId])).toEqual(charges);
  }, 120_000);
});

describe('audio.assemble: manual cuts on the finished episode', () => {
  it('adds manual cuts drawn on the finished episode and renders it a second shorter', async () => {
    const before = await episodeRow(episodeId);
    const contentStart = before.edl?.segments.find((s) => s.source === 'content')?.start_ms ?? 0;
    const queued = await services().assembly.addCutsAndRerender(before, [{ start_ms: contentStart + 100, end_ms: contentStart + 1100 }]);
    expect(queued).toMatchObject({ status: 'queued', duration_ms: (before.edl?.duration_ms ?? 0) - 1000 });
    expect((await waitForJob(queued.job_id ?? '')).status).toBe('processed');
    const after = await episodeRow(episodeId);
    expect(after.edl?.content.cuts[0]).toMatchObject({ start_ms: 100, end_ms: 1100, reasons: ['manual'] });
    expect(after.edl?.duration_ms).toBe(queued.duration_ms);
    expect(Math.abs(measure(after.finalAudioKey ?? '') - queued.duration_ms)).toBeLessThanOrEqual(50);
    // A cut already made (here in the upload's time) changes nothing.
    expect(await services().assembly.addCutsAndRerender(after, [{ start_ms: 300, end_ms: 900 }], { timeBase: 'content' })).toMatchObject({
      status: 'done',
      job_id: null,
    });
  }, 120_000);
});
