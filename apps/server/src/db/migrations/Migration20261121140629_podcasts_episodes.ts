import { Migration } from '@mikro-orm/migrations';

export class Migration20261121140629_podcasts_episodes extends Migration {
  override name = 'Migration20261121140629_podcasts_episodes';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "podcasts" ("id" uuid not null, "user_id" uuid not null, "name" varchar(255) not null, "description" text not null default '', "podcast_type" varchar(16) not null default 'episodic', "language" varchar(16) not null default 'en', "copyright_line" varchar(500) null, "owner_name" varchar(255) null, "owner_email" varchar(254) null, "author_name" varchar(255) null, "contact_email" varchar(254) null, "category" varchar(120) null, "category2" varchar(120) null, "category3" varchar(120) null, "explicit" boolean not null default false, "website_url" text null, "locked" boolean not null default false, "podcast_guid" uuid null, "cover_storage_key" text null, "host_kind" varchar(16) not null default 'builtin', "spreaker_show_id" varchar(32) null, "imported_feed_url" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "podcasts_user_id_index" on "podcasts" ("user_id");`);

    this.addSql(
      `create table "episodes" ("id" uuid not null, "user_id" uuid not null, "podcast_id" uuid not null, "template_id" uuid null, "source_media_id" uuid null, "title" varchar(255) not null, "description" text not null default '', "tags" jsonb not null default '[]', "season" int null, "episode_number" int null, "explicit" boolean not null default false, "episode_type" varchar(16) not null default 'full', "status" varchar(16) not null default 'pending', "guid" varchar(255) not null, "visibility" varchar(16) not null default 'public', "publish_at" timestamptz null, "publish_at_local" varchar(64) null, "published_at" timestamptz null, "processed_at" timestamptz null, "final_audio_key" text null, "final_audio_bytes" bigint null, "duration_ms" int null, "cover_storage_key" text null, "cover_crop" jsonb null, "cleanup_stats" jsonb null, "chapters" jsonb null, "edl" jsonb null, "error_message" text null, "publish_state" varchar(32) null, "publish_error" text null, "host_episode_id" varchar(64) null, "plays_total" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "episodes_user_id_index" on "episodes" ("user_id");`);
    this.addSql(`create index "episodes_podcast_id_index" on "episodes" ("podcast_id");`);
    this.addSql(`create index "episodes_template_id_index" on "episodes" ("template_id");`);
    this.addSql(`create index "episodes_status_index" on "episodes" ("status");`);
    this.addSql(`create index "episodes_publish_at_index" on "episodes" ("publish_at");`);
    this.addSql(`create index "episodes_created_at_index" on "episodes" ("created_at");`);

    this.addSql(
      `alter table "podcasts" add constraint "podcasts_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "episodes" add constraint "episodes_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "episodes" add constraint "episodes_podcast_id_foreign" foreign key ("podcast_id") references "podcasts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "episodes" add constraint "episodes_source_media_id_foreign" foreign key ("source_media_id") references "media_items" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "episodes" drop constraint "episodes_podcast_id_foreign";`);

    this.addSql(`drop table if exists "podcasts" cascade;`);
    this.addSql(`drop table if exists "episodes" cascade;`);
  }
}
