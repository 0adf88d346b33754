import { Migration } from '@mikro-orm/migrations';

export class Migration20261121144901_music_assets extends Migration {
  override name = 'Migration20261121144901_music_assets';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "music_assets" ("id" uuid not null, "seed_key" varchar(64) null, "display_name" varchar(120) not null, "mood_tags" jsonb not null, "filename" varchar(255) not null, "storage_key" text not null, "content_type" varchar(100) not null, "size_bytes" bigint not null, "duration_seconds" double precision null, "source" varchar(16) not null default 'builtin', "is_active" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "music_assets" add constraint "music_assets_seed_key_unique" unique ("seed_key");`);
    this.addSql(`alter table "music_assets" add constraint "music_assets_filename_unique" unique ("filename");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "music_assets" cascade;`);
  }
}
