import { OUTAGE_RETRY } from '@ppp/contracts';
import path from 'node:path';
import { computePeaks, msToSamples, planEpisode, planReuse, renderEpisode, sameAudioUntil, type RenderReuse } from '@ppp/audio';
import type { TEdl } from '@ppp/contracts';
import { ASSEMBLY, ASSEMBLY_MESSAGES, type TJobPayload } from '@ppp/contracts';
import { scratchDir } from '@ppp/server/config';
import { workFolder } from '@ppp/server/domain';
import { isFinalAttempt, type JobContext, type JobDefinition } from './job.ts';

/** Progress reaches the row at most once a second (or on a jump of 5 points); the wizard polls it. */
function progressWriter(ctx: JobContext, episodeId: string): (percent: number) => void {
  let lastAt = 0;
  let last = -1;
  return (percent) => {
    const now = Date.now();
    if (percent < 100 && percent - last < 5 && now - lastAt < 1000) return;
    [last, lastAt] = [percent, now];
    void ctx.services.renders.progress(episodeId, Math.min(99, percent)).catch(() => undefined);
  };
}

/**
 * The episode's current render made local, when the new EDL keeps enough of its beginning for the
 * renderer to reuse its frames (a manual cut, a Flubber apply or a template change late in the episode).
 */
async function reusable(
  ctx: JobContext,
  episode: Parameters<JobContext['services']['renders']['previousRender']>[0],
  edl: TEdl,
): Promise<{ reuse: RenderReuse; release: () => Promise<void> } | null> {
  const previous = await ctx.services.renders.previousRender(episode, edl).catch((error: unknown) => {
    // Unreadable: render whole, as before memos were kept.
    ctx.log(`audio.assemble ${episode.id}: the earlier render's memo could not be read (${String(error)})`);
    return null;
  });
  if (previous === null) return null;
  const sameSamples = sameAudioUntil(previous.edl, edl);
  if (planReuse(sameSamples, msToSamples(edl.duration_ms)) === null) return null;
  const local = await previous.localAudio();
  return { reuse: { previousPath: local.path, memo: previous.memo, sameSamples }, release: local.release };
}

/**
 * audio.assemble: the episode's recipe resolved to files (clips, AI voices rendered once and kept,
 * the upload's original), planned into an EDL, rendered by one ffmpeg graph to a work folder of
 * this episode, measured, then moved into storage under a key named by the plan, with its waveform
 * peaks beside it; the publish choice made at assemble follows as its own job (publish.after-render),
 * queued with the stored render in one transaction. A killed run leaves only its work folder under
 * SCRATCH_DIR, which the next process to make one there removes; the file in storage appears whole
 * or not at all.
 */
export async function handleAssemble(
  payload: TJobPayload<'audio.assemble'>,
  ctx: JobContext,
): Promise<{ status: string; durationMs?: number }> {
  const { services, log } = ctx;
  const started = await services.renders.begin(payload.episode_id);
  if (!started) return { status: 'skipped' };
  const { episode, recipe } = started;
  const work = await workFolder(scratchDir(services.config));
  const inputs = services.renders.inputs();
  let release: (() => Promise<void>) | null = null;
  try {
    const resolved = await inputs.resolve(episode, recipe, ctx.signal);
    release = resolved.release;
    // Only reviewed words are published: the chapters (in the file and the feed) come from the words the plan plays.
    const { edl, words } = resolved.publish(planEpisode(resolved.input));
    const dest = path.join(work.dir, 'episode.mp3');
    const clock = performance.now();
    const previous = await reusable(ctx, episode, edl);
    const result = await renderEpisode(resolved.localize(edl), dest, {
      signal: ctx.signal,
      onProgress: progressWriter(ctx, episode.id),
      reuse: previous?.reuse,
    }).finally(() => previous?.release());
    const peaks = await computePeaks(dest, {
      samplesPerPixel: ASSEMBLY.peaksSamplesPerPixel,
      sampleRate: ASSEMBLY.peaksSampleRate,
      signal: ctx.signal,
    });
    ctx.signal?.throwIfAborted();
    // The renderer is sample-exact (its tests measure the decoded output against the plan), so the planned length is the file's.
    await services.renders.complete(episode, { edl, file: dest, durationMs: edl.duration_ms, peaks, memo: result.memo, words });
    const seconds = (performance.now() - clock) / 1000;
    log(
      `audio.assemble ${episode.id} (${payload.reason}): ${(edl.duration_ms / 1000).toFixed(1)} s rendered in ${seconds.toFixed(1)} s, ${result.outputLufs.toFixed(1)} LUFS${result.reusedSamples > 0 ? `, the first ${(result.reusedSamples / 44_100).toFixed(1)} s reused` : ''}`,
    );
    return { status: 'processed', durationMs: edl.duration_ms };
  } catch (error) {
    // Stopped (shutdown, lost claim): pg-boss has failed the attempt and retries it; the row stays as it is.
    if (ctx.signal?.aborted) throw error;
    const permanent = services.renders.permanentMessage(error);
    if (permanent === null && !isFinalAttempt(ctx)) throw error;
    const message = permanent ?? ASSEMBLY_MESSAGES.renderFailed(error instanceof Error ? error.message : String(error));
    await services.renders.fail(episode, message);
    // Nothing is charged for what could not be rendered, whatever the reason (issue 35): the minutes and the
    // episode come back once (the credit is keyed on the charge, so a job run again gives nothing more).
    const credited = await services.usage.creditFailedRender(episode.id);
    log(`audio.assemble ${episode.id} failed: ${message}${credited ? ` (${credited} minutes credited back)` : ''}`);
    return { status: 'error' };
  } finally {
    await release?.();
    await work.remove();
  }
}

export const audioAssembleJob: JobDefinition<'audio.assemble'> = {
  name: 'audio.assemble',
  // At least 30 minutes of retries before failing for good (issue 35).
  ...OUTAGE_RETRY,
  // A render takes about a minute per hour of audio on two cores; a long episode on a busy machine
  // still finishes well inside this. A dead worker is noticed by the heartbeat instead.
  expireInSeconds: 2 * 60 * 60,
  heartbeatSeconds: 30,
  handle: (payload, ctx) => handleAssemble(payload, ctx),
};
