import type { EntityManager } from '@mikro-orm/postgresql';
import type { TJobName, TJobPayload } from '@ppp/contracts';
import type { Services } from '@ppp/server/domain';

export interface JobContext {
  em: EntityManager;
  services: Services;
  log: (msg: string) => void;
}

/** One queue: its contract name, queue options, and a handler that is safe to run twice. */
export interface JobDefinition<N extends TJobName> {
  name: N;
  retryLimit: number;
  retryBackoff: boolean;
  expireInSeconds: number;
  handle(payload: TJobPayload<N>, ctx: JobContext): Promise<unknown>;
}
