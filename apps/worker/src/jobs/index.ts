import type { TJobName } from '@ppp/contracts';
import { authCleanupJob } from './auth-cleanup.job.ts';
import type { JobDefinition } from './job.ts';

/** Every job the worker consumes. */
export const JOB_DEFINITIONS: { [N in TJobName]: JobDefinition<N> } = {
  'auth.cleanup': authCleanupJob,
};
