import type { JobDefinition } from './job.ts';

/**
 * transcripts.retranscribe-fallback (issue 32): one step of the admin's re-transcription of the
 * fallback's uploads. The walk's state is the run's row; a step counts the upload in flight once its
 * transcription ended, queues the next one's audio.transcribe below every creator's job and queues
 * the next step a few seconds later (see FallbackRunService). A repeated step does nothing.
 */
export const transcriptsRetranscribeFallbackJob: JobDefinition<'transcripts.retranscribe-fallback'> = {
  name: 'transcripts.retranscribe-fallback',
  retryLimit: 5,
  retryBackoff: true,
  retryDelay: 5,
  expireInSeconds: 5 * 60,
  async handle(payload, ctx) {
    const outcome = await ctx.services.fallbackRun.step(payload.run_id, payload.step);
    if (outcome !== 'waiting') ctx.log(`transcripts.retranscribe-fallback ${payload.run_id} step ${payload.step}: ${outcome}`);
    return { status: outcome };
  },
};
