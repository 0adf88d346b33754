import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 32: each transcript records the model its engine used (the upload keeps a copy for its
 * lists), the creator's re-transcriptions of an upload are counted, and the admin's re-transcription
 * of the fallback's uploads records where it got to, so a restart carries on from there.
 */
export class Migration20261207113500_transcript_model extends Migration {
  override name = 'Migration20261207113500_transcript_model';

  override up(): void | Promise<void> {
    this.addSql(`alter table "transcripts" add column "model" varchar(128) null;`);
    this.addSql(`alter table "media_items" add column "transcription_model" varchar(128) null;`);
    this.addSql(`alter table "media_items" add column "retranscribe_count" int not null default 0;`);
    this.addSql(
      `create table "retranscribe_runs" ("id" uuid not null, "status" varchar(16) not null, "engine" varchar(32) not null, "model" varchar(128) null, "total" int not null default 0, "done_count" int not null default 0, "failed_count" int not null default 0, "step" int not null default 0, "current_media_id" uuid null, "cursor_created_at" timestamptz null, "cursor_id" uuid null, "started_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "finished_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "retranscribe_runs" add constraint "retranscribe_runs_started_by_id_foreign" foreign key ("started_by_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `create index "media_items_fallback_walk_index" on "media_items" ("created_at", "id") where "transcription_engine" = 'pocketsphinx';`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "media_items_fallback_walk_index";`);
    this.addSql(`drop table if exists "retranscribe_runs" cascade;`);
    this.addSql(`alter table "media_items" drop column "retranscribe_count";`);
    this.addSql(`alter table "media_items" drop column "transcription_model";`);
    this.addSql(`alter table "transcripts" drop column "model";`);
  }
}
