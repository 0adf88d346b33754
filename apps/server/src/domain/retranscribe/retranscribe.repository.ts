import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { FALLBACK_TRANSCRIPTION_ENGINE } from '@ppp/contracts';
import { Repository } from '../../db/repository.ts';
import { RetranscribeRunSchema, type RetranscribeRun } from './retranscribe-run.entity.ts';

/** An upload the walk looks at: where it stands in the walk's order and how it was transcribed. */
export interface WalkedUpload {
  id: string;
  createdAt: Date;
  status: string;
  engine: string | null;
}

/** A ready main-content upload whose words the fallback made, and no transcript supplied with it (that one always wins). */
const FALLBACK_UPLOAD = `category = 'main_content' and status = 'ready' and transcription_engine = ? and supplied_transcript_key is null`;

/** The fields a new run starts with. */
export type NewRun = Pick<RetranscribeRun, 'engine' | 'model' | 'total' | 'startedById'>;

/**
 * The admin's fallback re-transcription runs, and the uploads they walk. The `with...` methods hand
 * `work` a repository bound to one transaction; its `transaction` is what a job sent with it joins.
 */
export class RetranscribeRepository extends Repository {
  /** The unit of work this repository is bound to (a transaction's, inside `with...`). */
  get transaction(): EntityManager {
    return this.em;
  }

  /** Runs `work` in one transaction with the run's row locked (null when there is no such run). */
  withLockedRun<T>(runId: string, work: (run: RetranscribeRun | null, unit: RetranscribeRepository) => Promise<T>): Promise<T> {
    return this.em.fork().transactional(async (tx) => {
      const run = await tx.findOne(RetranscribeRunSchema, { id: runId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      return work(run, new RetranscribeRepository(tx));
    });
  }

  /** Runs `work` in one transaction that holds the lock every start takes, so two starts at once make one run. */
  withStartLock<T>(work: (unit: RetranscribeRepository) => Promise<T>): Promise<T> {
    return this.em.fork().transactional(async (tx) => {
      await tx
        .getConnection()
        .execute(`select pg_advisory_xact_lock(hashtext('retranscribe_runs'))`, [], 'all', tx.getTransactionContext());
      return work(new RetranscribeRepository(tx));
    });
  }

  /** A running run, written with the unit's flush. */
  createRun(fields: NewRun): RetranscribeRun {
    return this.em.create(RetranscribeRunSchema, { ...fields, status: 'running', step: 0, finishedAt: null });
  }

  async latestRun(): Promise<RetranscribeRun | null> {
    const [run] = await this.em.find(RetranscribeRunSchema, {}, { orderBy: { createdAt: 'desc' }, limit: 1 });
    return run ?? null;
  }

  async fallbackUploadCount(): Promise<number> {
    const [row] = await this.em
      .getConnection()
      .execute<{ n: string }[]>(
        `select count(*) as n from media_items where ${FALLBACK_UPLOAD}`,
        [FALLBACK_TRANSCRIPTION_ENGINE],
        'all',
        this.em.getTransactionContext(),
      );
    return Number(row?.n ?? 0);
  }

  /** The first fallback upload after the cursor in the walk's order (created_at, then id). */
  async nextFallbackUpload(cursor: { createdAt: Date; id: string } | null): Promise<WalkedUpload | null> {
    const tx = this.em;
    const after = cursor ? `and (created_at, id) > (?, ?)` : '';
    const params = cursor ? [FALLBACK_TRANSCRIPTION_ENGINE, cursor.createdAt, cursor.id] : [FALLBACK_TRANSCRIPTION_ENGINE];
    const [row] = await tx.getConnection().execute<{ id: string; created_at: Date; status: string; engine: string | null }[]>(
      `select id, created_at, status, transcription_engine as engine from media_items
        where ${FALLBACK_UPLOAD} ${after} order by created_at, id limit 1`,
      params,
      'all',
      tx.getTransactionContext(),
    );
    return row ? { id: row.id, createdAt: new Date(row.created_at), status: row.status, engine: row.engine } : null;
  }

  /** An upload as it stands now (read from the row); null once deleted. */
  async uploadNow(mediaId: string): Promise<WalkedUpload | null> {
    const tx = this.em;
    const [row] = await tx
      .getConnection()
      .execute<{ id: string; created_at: Date; status: string; engine: string | null }[]>(
        `select id, created_at, status, transcription_engine as engine from media_items where id = ?`,
        [mediaId],
        'all',
        tx.getTransactionContext(),
      );
    return row ? { id: row.id, createdAt: new Date(row.created_at), status: row.status, engine: row.engine } : null;
  }

  /**
   * Shows a fallback upload as Processing again for its re-transcription; false when it is no longer
   * one (its creator re-transcribed or deleted it meanwhile), and then nothing changed.
   */
  async markProcessing(mediaId: string): Promise<boolean> {
    const tx = this.em;
    const rows = await tx.getConnection().execute<{ id: string }[]>(
      `update media_items set status = 'processing', transcript_ready = false, transcription_error = null, transcription_progress = null
        where id = ? and ${FALLBACK_UPLOAD} returning id`,
      [mediaId, FALLBACK_TRANSCRIPTION_ENGINE],
      'all',
      tx.getTransactionContext(),
    );
    return rows.length > 0;
  }
}
