import { Repository } from '../../db/repository.ts';

/** Where an upload's transcription waits: its place and the audio seconds the workers have to get through first. */
export interface QueueStanding {
  position: number;
  aheadSeconds: number;
}

/**
 * The transcriptions ahead of each given upload's, in the order pg-boss hands them out (priority,
 * then age): those waiting before it, and the part still to do of those running now.
 */
const STANDINGS_SQL = `
with mine as (
  select j.data->>'media_id' as media_id, j.priority, j.created_on, j.id
  from pgboss.job j
  where j.name = 'audio.transcribe' and j.state in ('created', 'retry') and j.data->>'media_id' = any(string_to_array(?, ','))
)
select m.media_id,
  (select count(*) from pgboss.job j
     where j.name = 'audio.transcribe' and j.state in ('created', 'retry') and j.start_after <= now()
       and (j.priority > m.priority or (j.priority = m.priority and (j.created_on, j.id) < (m.created_on, m.id))))::int + 1 as position,
  coalesce((select sum(coalesce(i.duration_seconds, 0) * case when j.state = 'active'
                   then 1 - coalesce(i.transcription_progress, 0) / 100 else 1 end)
     from pgboss.job j join media_items i on i.id::text = j.data->>'media_id'
     where j.name = 'audio.transcribe' and (j.state = 'active' or (j.state in ('created', 'retry') and j.start_after <= now()
       and (j.priority > m.priority or (j.priority = m.priority and (j.created_on, j.id) < (m.created_on, m.id)))))), 0)::float8 as ahead_seconds
from mine m`;

/** The transcription queue as pg-boss holds it, read for the uploads' status (issue 38). */
export class TranscriptionQueueRepository extends Repository {
  /** Each waiting upload's standing, by media id (uploads not waiting are absent). */
  async standings(mediaIds: readonly string[]): Promise<Map<string, QueueStanding>> {
    if (mediaIds.length === 0) return new Map();
    // pg-boss makes its tables on its first start: before any job was ever sent, nothing waits.
    const [schema] = await this.em.getConnection().execute<{ ok: boolean }[]>(`select to_regclass('pgboss.job') is not null as ok`);
    if (!schema?.ok) return new Map();
    const rows = await this.em
      .getConnection()
      .execute<{ media_id: string; position: number; ahead_seconds: number }[]>(STANDINGS_SQL, [mediaIds.join(',')]);
    return new Map(rows.map((row) => [row.media_id, { position: row.position, aheadSeconds: row.ahead_seconds }]));
  }

  /** Processing seconds per second of audio last measured on this machine (Admin > Speech & AI), or null. */
  async realtimeFactor(): Promise<number | null> {
    const [row] = await this.em
      .getConnection()
      .execute<{ realtime_factor: number | string | null }[]>('select realtime_factor from speech_engine where id = 1');
    const factor = row?.realtime_factor == null ? null : Number(row.realtime_factor);
    return factor !== null && Number.isFinite(factor) && factor > 0 ? factor : null;
  }
}
