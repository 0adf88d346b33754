import { Migration } from '@mikro-orm/migrations';

export class Migration20261121141005_rss_import extends Migration {
  override name = 'Migration20261121141005_rss_import';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "rss_imports" ("id" uuid not null, "user_id" uuid not null, "podcast_id" uuid null, "feed_url" text not null, "final_url" text not null, "feed_storage_key" text not null, "content_type" varchar(255) null, "status" varchar(16) not null default 'queued', "error" text null, "feed_total" int not null default 0, "imported_count" int not null default 0, "mirror_total" int not null default 0, "mirrored_count" int not null default 0, "mirror_failed" int not null default 0, "attempt_link_spreaker" boolean not null default false, "auto_publish_to_spreaker" boolean not null default false, "publish_state" varchar(16) not null default 'public', "spreaker_attempted" boolean not null default false, "spreaker_linked" boolean not null default false, "auto_publish_started" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, "finished_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "rss_imports_user_id_index" on "rss_imports" ("user_id");`);
    this.addSql(`create index "rss_imports_podcast_id_index" on "rss_imports" ("podcast_id");`);

    this.addSql(`alter table "podcasts" add "import_feed_total" int null, add "imported_count" int null;`);

    this.addSql(
      `alter table "episodes" add "import_key" text null, add "import_key_hash" varchar(64) null, add "source_audio_url" text null, add "source_audio_type" varchar(100) null, add "source_audio_bytes" bigint null, add "source_image_url" text null, add "source_link" text null, add "transcript_links" jsonb null, add "chapters_url" text null, add "mirror_status" varchar(16) null, add "mirror_key" text null, add "mirror_expires_at" timestamptz null, add "mirror_error" text null;`,
    );
    this.addSql(`alter table "episodes" alter column "guid" type varchar(1000) using ("guid"::varchar(1000));`);
    this.addSql(`create index "episodes_mirror_expires_at_index" on "episodes" ("mirror_expires_at");`);
    this.addSql(`alter table "episodes" add constraint "episodes_podcast_import_key_unique" unique ("podcast_id", "import_key_hash");`);

    this.addSql(
      `alter table "rss_imports" add constraint "rss_imports_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "rss_imports" add constraint "rss_imports_podcast_id_foreign" foreign key ("podcast_id") references "podcasts" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "rss_imports" cascade;`);

    this.addSql(`drop index "episodes_mirror_expires_at_index";`);
    this.addSql(`alter table "episodes" drop constraint "episodes_podcast_import_key_unique";`);
    this.addSql(
      `alter table "episodes" drop column "import_key", drop column "import_key_hash", drop column "source_audio_url", drop column "source_audio_type", drop column "source_audio_bytes", drop column "source_image_url", drop column "source_link", drop column "transcript_links", drop column "chapters_url", drop column "mirror_status", drop column "mirror_key", drop column "mirror_expires_at", drop column "mirror_error";`,
    );
    this.addSql(`alter table "episodes" alter column "guid" type varchar(255) using ("guid"::varchar(255));`);

    this.addSql(`alter table "podcasts" drop column "import_feed_total", drop column "imported_count";`);
  }
}
