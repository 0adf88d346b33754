import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 32: the speech model manager's state, shared by every server and worker of a cluster: one row
 * per catalogue model (download progress, the last error, the size and time of the file it verified)
 * and one row for the engine (the model an admin chose, the last realtime-factor measurement).
 */
export class Migration20261207114500_speech_models extends Migration {
  override name = 'Migration20261207114500_speech_models';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "speech_models" ("name" varchar(32) not null, "state" varchar(16) not null default 'absent', "bytes_done" bigint not null default 0, "bytes_total" bigint not null default 0, "rate_bytes_per_second" double precision null, "error" text null, "verified_size" bigint null, "verified_mtime_ms" bigint null, "updated_at" timestamptz not null default now(), primary key ("name"));`,
    );
    this.addSql(
      `create table "speech_engine" ("id" smallint not null default 1 check ("id" = 1), "active_model" varchar(32) null, "measured_engine" varchar(32) null, "measured_model" varchar(64) null, "realtime_factor" double precision null, "audio_seconds" double precision null, "processing_seconds" double precision null, "measured_at" timestamptz null, primary key ("id"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "speech_models" cascade;`);
    this.addSql(`drop table if exists "speech_engine" cascade;`);
  }
}
