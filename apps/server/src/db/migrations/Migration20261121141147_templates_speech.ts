import { Migration } from '@mikro-orm/migrations';

export class Migration20261121141147_templates_speech extends Migration {
  override name = 'Migration20261121141147_templates_speech';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "templates" ("id" uuid not null, "user_id" uuid not null, "podcast_id" uuid null, "name" varchar(200) not null, "description" text null, "is_active" boolean not null default true, "segments" jsonb not null, "background_music_rules" jsonb not null, "timing" jsonb not null, "ai_settings" jsonb not null, "default_elevenlabs_voice_id" varchar(200) null, "default_intern_voice_id" varchar(200) null, "automation_settings" jsonb not null, "schedule_timezone" varchar(64) not null default 'UTC', "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "templates_user_id_index" on "templates" ("user_id");`);
    this.addSql(`create index "templates_podcast_id_index" on "templates" ("podcast_id");`);

    this.addSql(
      `create table "recurring_schedule_slots" ("id" uuid not null, "template_id" uuid not null, "day_of_week" smallint not null, "time_of_day" varchar(5) not null, "enabled" boolean not null default true, "advance_minutes" int not null default 60, "timezone" varchar(64) null, "position" int not null default 0, primary key ("id"));`,
    );
    this.addSql(`create index "recurring_schedule_slots_template_id_index" on "recurring_schedule_slots" ("template_id");`);

    this.addSql(
      `create table "tts_clips" ("id" uuid not null, "user_id" uuid not null, "media_id" uuid null, "category" varchar(32) not null, "normalized_text" text not null, "characters" int not null, "voice_id" varchar(200) not null, "provider" varchar(32) not null, "speaking_rate" double precision not null, "duration_seconds" double precision not null, "billable_seconds" double precision not null default 0, "free_override" boolean not null default false, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "tts_clips_user_id_index" on "tts_clips" ("user_id");`);
    this.addSql(`create index "tts_clips_created_at_index" on "tts_clips" ("created_at");`);

    this.addSql(
      `create table "user_api_keys" ("id" uuid not null, "user_id" uuid not null, "provider" varchar(32) not null, "sealed" text not null, "last4" varchar(4) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "user_api_keys" add constraint "user_api_keys_user_provider_unique" unique ("user_id", "provider");`);

    this.addSql(
      `alter table "templates" add constraint "templates_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "templates" add constraint "templates_podcast_id_foreign" foreign key ("podcast_id") references "podcasts" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "recurring_schedule_slots" add constraint "recurring_schedule_slots_template_id_foreign" foreign key ("template_id") references "templates" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "tts_clips" add constraint "tts_clips_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "tts_clips" add constraint "tts_clips_media_id_foreign" foreign key ("media_id") references "media_items" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "user_api_keys" add constraint "user_api_keys_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "recurring_schedule_slots" drop constraint "recurring_schedule_slots_template_id_foreign";`);

    this.addSql(`drop table if exists "templates" cascade;`);
    this.addSql(`drop table if exists "recurring_schedule_slots" cascade;`);
    this.addSql(`drop table if exists "tts_clips" cascade;`);
    this.addSql(`drop table if exists "user_api_keys" cascade;`);
  }
}
