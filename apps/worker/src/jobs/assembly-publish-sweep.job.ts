import type { JobDefinition } from './job.ts';

/**
 * assembly.publish-sweep (every minute): the publish step after a render, for episodes whose
 * audio.assemble job died on its last attempt and left it pending past the claim's lease. The same
 * step the job runs (AssemblyPublishService.afterRender), claimed in one statement, so an episode is
 * published once however many sweeps or retries reach it.
 */
export const assemblyPublishSweepJob: JobDefinition<'assembly.publish-sweep'> = {
  name: 'assembly.publish-sweep',
  retryLimit: 0,
  retryBackoff: false,
  expireInSeconds: 600,
  async handle(_payload, { services, log }) {
    const settled = await services.assemblyPublish.sweepStale();
    for (const { episodeId, outcome } of settled) {
      log(
        `assembly.publish-sweep ${episodeId}: publish ${outcome.mode} -> ${outcome.outcome}${outcome.error ? ` (${outcome.error})` : ''}`,
      );
    }
    return { settled: settled.length };
  },
};
