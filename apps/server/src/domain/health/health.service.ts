import { HEALTH_PROBE_CACHE_MS, type THealth } from '@ppp/contracts';
import type { StoragePort } from '../storage/storage.ts';
import type { HealthRepository } from './health.repository.ts';

type State = THealth['database'];
interface Probe {
  at: number;
  storage: State;
  queue: State;
  /** Why storage failed, for the WARN line. */
  cause: string | null;
}

/** The storage and queue probes' last answer per storage adapter (one per process), kept HEALTH_PROBE_CACHE_MS. */
const probes = new WeakMap<StoragePort, Probe>();

/** A key no upload uses: its stat (a HEAD in S3) answers 'none' while storage is up, an error while it is down. */
const PROBE_KEY = 'health/probe';

const errorText = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * GET /api/health (issue 35): the database (every call), storage and the job queue (probed at most
 * once per HEALTH_PROBE_CACHE_MS on this server) reported separately; unhealthy when the database or
 * storage is down.
 */
export class HealthService {
  private readonly deps: { repo: HealthRepository; storage: StoragePort; warn: (msg: string) => void };
  constructor(deps: HealthService['deps']) {
    this.deps = deps;
  }

  async check(now = Date.now()): Promise<THealth> {
    const database: State = (await this.deps.repo.ping()) ? 'ok' : 'unavailable';
    const { storage, queue } = await this.probe(now);
    const status: State = database === 'ok' && storage === 'ok' ? 'ok' : 'unavailable';
    return { status, database, storage, queue, version: '0.1.0' };
  }

  private async probe(now: number): Promise<Probe> {
    const kept = probes.get(this.deps.storage);
    if (kept && now - kept.at < HEALTH_PROBE_CACHE_MS) return kept;
    let cause: string | null = null;
    const storage = await this.deps.storage
      .stat(PROBE_KEY)
      .then((): State => 'ok')
      .catch((error: unknown): State => ((cause = errorText(error)), 'unavailable'));
    const queue: State = (await this.deps.repo.queueReady()) ? 'ok' : 'unavailable';
    const probe = { at: now, storage, queue, cause };
    probes.set(this.deps.storage, probe);
    if (storage !== 'ok') this.deps.warn(`health: storage unavailable (${cause})`);
    return probe;
  }
}
