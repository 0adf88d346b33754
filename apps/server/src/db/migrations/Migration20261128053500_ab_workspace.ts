import { Migration } from '@mikro-orm/migrations';

/** The /ab workspace (spec 002 §3, issue 22): draft metadata per upload and saved intro/outro sections. */
export class Migration20261128053500_ab_workspace extends Migration {
  override name = 'Migration20261128053500_ab_workspace';

  override up(): void | Promise<void> {
    this.addSql(`create table "ab_drafts" (
      "id" uuid not null, "user_id" uuid not null, "upload_id" uuid not null, "podcast_id" uuid null,
      "nickname" varchar(120) null, "title" text not null default '', "description" text not null default '',
      "tags" text not null default '', "template_id" uuid null, "template_name" varchar(255) null,
      "segment_overrides" jsonb not null default '[]', "introoutro_status" varchar(8) not null default 'none',
      "episode_id" uuid null, "spreaker_show_id" varchar(200) null, "schedule_at" timestamptz null,
      "last_publish_response" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null,
      constraint "ab_drafts_pkey" primary key ("id"));`);
    this.addSql(`create index "ab_drafts_user_id_index" on "ab_drafts" ("user_id");`);
    this.addSql(`alter table "ab_drafts" add constraint "ab_drafts_upload_id_unique" unique ("upload_id");`);
    this.addSql(
      `alter table "ab_drafts" add constraint "ab_drafts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "ab_drafts" add constraint "ab_drafts_upload_id_foreign" foreign key ("upload_id") references "media_items" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "ab_drafts" add constraint "ab_drafts_podcast_id_foreign" foreign key ("podcast_id") references "podcasts" ("id") on update cascade on delete set null;`,
    );
    this.addSql(`create table "ab_saved_sections" (
      "id" uuid not null, "user_id" uuid not null, "podcast_id" uuid null, "draft_id" uuid null, "episode_id" uuid null,
      "tag" varchar(60) not null, "section_type" varchar(8) not null, "source_type" varchar(16) not null,
      "content" text not null, "voice_id" varchar(200) null, "voice_name" varchar(200) null,
      "created_at" timestamptz not null,
      constraint "ab_saved_sections_pkey" primary key ("id"));`);
    this.addSql(`create index "ab_saved_sections_user_id_index" on "ab_saved_sections" ("user_id");`);
    this.addSql(
      `alter table "ab_saved_sections" add constraint "ab_saved_sections_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "ab_saved_sections" add constraint "ab_saved_sections_podcast_id_foreign" foreign key ("podcast_id") references "podcasts" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "ab_saved_sections" cascade;`);
    this.addSql(`drop table if exists "ab_drafts" cascade;`);
  }
}
