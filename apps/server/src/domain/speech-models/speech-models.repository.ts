import type { TSpeechModelName, TSpeechModelState } from '@ppp/contracts';
import { Repository } from '../../db/repository.ts';

/** One row of speech_models: what the cluster knows of one catalogue model. */
export interface SpeechModelRow {
  name: TSpeechModelName;
  state: TSpeechModelState;
  bytesDone: number;
  bytesTotal: number;
  rateBytesPerSecond: number | null;
  error: string | null;
  /** Size and modification time of the file last verified, so a replaced file is checked again. */
  verifiedSize: number | null;
  verifiedMtimeMs: number | null;
  updatedAt: Date;
}

export interface EngineRow {
  activeModel: string | null;
  measuredEngine: string | null;
  measuredModel: string | null;
  realtimeFactor: number | null;
  audioSeconds: number | null;
  processingSeconds: number | null;
  measuredAt: Date | null;
}

type ModelPatch = Partial<Omit<SpeechModelRow, 'name' | 'updatedAt'>>;

const COLUMNS: Record<keyof ModelPatch, string> = {
  state: 'state',
  bytesDone: 'bytes_done',
  bytesTotal: 'bytes_total',
  rateBytesPerSecond: 'rate_bytes_per_second',
  error: 'error',
  verifiedSize: 'verified_size',
  verifiedMtimeMs: 'verified_mtime_ms',
};

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The speech_models and speech_engine tables (raw SQL: two small state tables, written from background downloads too). */
export class SpeechModelsRepository extends Repository {
  private sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(query, params);
  }

  async models(): Promise<SpeechModelRow[]> {
    const rows = await this.sql<Record<string, unknown>>('select * from speech_models');
    return rows.map((r) => ({
      name: r.name as TSpeechModelName,
      state: r.state as TSpeechModelState,
      bytesDone: Number(r.bytes_done),
      bytesTotal: Number(r.bytes_total),
      rateBytesPerSecond: num(r.rate_bytes_per_second),
      error: (r.error as string | null) ?? null,
      verifiedSize: num(r.verified_size),
      verifiedMtimeMs: num(r.verified_mtime_ms),
      updatedAt: new Date(r.updated_at as string),
    }));
  }

  async model(name: TSpeechModelName): Promise<SpeechModelRow | null> {
    return (await this.models()).find((m) => m.name === name) ?? null;
  }

  /** Writes the given columns of the model's row (created on first write). */
  async saveModel(name: TSpeechModelName, patch: ModelPatch): Promise<void> {
    const keys = Object.keys(patch) as (keyof ModelPatch)[];
    const columns = keys.map((k) => COLUMNS[k]);
    const values = keys.map((k) => patch[k] ?? null);
    await this.sql(
      `insert into speech_models (name, ${columns.join(', ')}, updated_at) values (?, ${columns.map(() => '?').join(', ')}, now())
       on conflict (name) do update set ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = now()`,
      [name, ...values],
    );
  }

  async engine(): Promise<EngineRow> {
    const [r] = await this.sql<Record<string, unknown>>('select * from speech_engine where id = 1');
    return {
      activeModel: (r?.active_model as string | null) ?? null,
      measuredEngine: (r?.measured_engine as string | null) ?? null,
      measuredModel: (r?.measured_model as string | null) ?? null,
      realtimeFactor: num(r?.realtime_factor),
      audioSeconds: num(r?.audio_seconds),
      processingSeconds: num(r?.processing_seconds),
      measuredAt: r?.measured_at ? new Date(r.measured_at as string) : null,
    };
  }

  async setActiveModel(name: TSpeechModelName): Promise<void> {
    await this.sql(
      'insert into speech_engine (id, active_model) values (1, ?) on conflict (id) do update set active_model = excluded.active_model',
      [name],
    );
  }

  async saveMeasurement(m: {
    engine: string;
    model: string | null;
    realtimeFactor: number;
    audioSeconds: number;
    processingSeconds: number;
  }) {
    await this.sql(
      `insert into speech_engine (id, measured_engine, measured_model, realtime_factor, audio_seconds, processing_seconds, measured_at)
       values (1, ?, ?, ?, ?, ?, now())
       on conflict (id) do update set measured_engine = excluded.measured_engine, measured_model = excluded.measured_model,
         realtime_factor = excluded.realtime_factor, audio_seconds = excluded.audio_seconds,
         processing_seconds = excluded.processing_seconds, measured_at = excluded.measured_at`,
      [m.engine, m.model, m.realtimeFactor, m.audioSeconds, m.processingSeconds],
    );
  }
}
