import { Migration } from '@mikro-orm/migrations';

export class Migration20261121134723_media_transcripts_notifications extends Migration {
  override name = 'Migration20261121134723_media_transcripts_notifications';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "notifications" ("id" uuid not null, "user_id" uuid not null, "title" varchar(200) not null, "body" text not null, "dedupe_key" varchar(200) null, "read_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "notifications_user_id_index" on "notifications" ("user_id");`);
    this.addSql(`alter table "notifications" add constraint "notifications_dedupe_key_unique" unique ("dedupe_key");`);
    this.addSql(`create index "notifications_created_at_index" on "notifications" ("created_at");`);

    this.addSql(
      `create table "media_items" ("id" uuid not null, "user_id" uuid not null, "category" varchar(32) not null, "friendly_name" varchar(200) not null, "original_name" varchar(255) not null, "filename" varchar(255) not null, "storage_key" text not null, "content_type" varchar(100) not null, "size_bytes" bigint not null, "duration_seconds" double precision null, "trigger_keyword" varchar(100) null, "status" varchar(16) not null default 'ready', "transcript_ready" boolean not null default false, "transcription_progress" double precision null, "transcription_error" text null, "transcription_engine" varchar(32) null, "realtime_factor" double precision null, "supplied_transcript_key" text null, "supplied_transcript_format" varchar(8) null, "notify_when_ready" boolean not null default false, "notify_email" varchar(254) null, "notified_at" timestamptz null, "detection" jsonb null, "flubber_count" int null, "intern_count" int null, "sfx_count" int null, "filler_count" int null, "pause_count" int null, "censor_count" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "media_items_user_id_index" on "media_items" ("user_id");`);
    this.addSql(`create index "media_items_category_index" on "media_items" ("category");`);
    this.addSql(`create index "media_items_filename_index" on "media_items" ("filename");`);

    this.addSql(
      `create table "transcripts" ("media_id" uuid not null, "engine" varchar(32) not null, "language" varchar(16) null, "duration_seconds" double precision null, "words" jsonb not null, "text" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("media_id"));`,
    );

    this.addSql(
      `create table "audio_cleanup_settings" ("user_id" uuid not null, "settings" jsonb not null, "updated_at" timestamptz not null, primary key ("user_id"));`,
    );

    this.addSql(
      `alter table "notifications" add constraint "notifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "media_items" add constraint "media_items_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "transcripts" add constraint "transcripts_media_id_foreign" foreign key ("media_id") references "media_items" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "audio_cleanup_settings" add constraint "audio_cleanup_settings_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "transcripts" drop constraint "transcripts_media_id_foreign";`);

    this.addSql(`drop table if exists "notifications" cascade;`);
    this.addSql(`drop table if exists "media_items" cascade;`);
    this.addSql(`drop table if exists "transcripts" cascade;`);
    this.addSql(`drop table if exists "audio_cleanup_settings" cascade;`);
  }
}
