import { OUTAGE_RETRY } from '@ppp/contracts';
import type { JobDefinition } from './job.ts';

/**
 * publish.after-render: the publish choice made at assemble (now, schedule or draft), once the
 * render is stored. audio.assemble queues it in the transaction that stores the render, under the
 * episode's singleton key on an exclusive queue, so one run at a time acts and a settled outcome is
 * never acted on again. A run that dies is failed by its heartbeat and retried; a failure to publish
 * is recorded as the outcome (the wizard shows it), never thrown.
 */
export const publishAfterRenderJob: JobDefinition<'publish.after-render'> = {
  name: 'publish.after-render',
  // At least 30 minutes of retries before failing for good (issue 35).
  ...OUTAGE_RETRY,
  expireInSeconds: 10 * 60,
  // The step takes a moment: a dead run is retried about half a minute later.
  heartbeatSeconds: 15,
  async handle(payload, { services, log }) {
    const outcome = await services.assemblyPublish.afterRender(payload.episode_id);
    if (!outcome) return { outcome: 'settled already' };
    const reason = outcome.error ? ` (${outcome.error})` : '';
    log(`publish.after-render ${payload.episode_id}: publish ${outcome.mode} -> ${outcome.outcome}${reason}`);
    return { outcome: outcome.outcome };
  },
};
