import { EPISODE_MESSAGES } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { Episode } from './episode.entity.ts';
import type { PlanUser } from '../billing/feature-gate.ts';

/** A stretch of the finished episode to remove, in its own milliseconds. */
export interface TimelineCut {
  start_ms: number;
  end_ms: number;
}

/**
 * What the episode screens need from assembly (issue 5 owns it): queue audio.assemble again, add
 * cuts to the stored EDL and re-render, and the worker's waveform peaks of the finished file.
 */
export interface EpisodeAssemblyPort {
  /** Queues the episode's assembly again (a failed or stalled one), charging its minutes again only if they were credited back. */
  requeue(episode: Episode, user: PlanUser, now?: Date): Promise<void>;
  /**
   * Adds cuts (finished-episode time) to the stored EDL and re-renders in the worker, leaving out the
   * inserts named in removeInserts (Intern answers, sound effects a cut covered whole); 'done' when
   * already applied.
   */
  addCutsAndRerender(
    episode: Episode,
    cuts: TimelineCut[],
    options?: { removeInserts?: readonly string[] },
  ): Promise<{ status: 'done' | 'queued'; duration_ms: number }>;
  /** Where the browser fetches the finished file's peaks (JSON), or null when there are none yet. */
  peaksUrl(episode: Episode): Promise<string | null>;
}

/** Until assembly is wired in, these calls say so instead of pretending. */
export const assemblyNotWired: EpisodeAssemblyPort = {
  requeue: () => Promise.reject(new AppError('NOT_CONFIGURED', EPISODE_MESSAGES.rerenderUnavailable)),
  addCutsAndRerender: () => Promise.reject(new AppError('NOT_CONFIGURED', EPISODE_MESSAGES.rerenderUnavailable)),
  peaksUrl: () => Promise.resolve(null),
};
