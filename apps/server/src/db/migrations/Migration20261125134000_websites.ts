import { Migration } from '@mikro-orm/migrations';

/** The website builder (spec 002 §2.13): one site per show with its versions; subdomains and custom domains unique. */
export class Migration20261125134000_websites extends Migration {
  override name = 'Migration20261125134000_websites';

  override up(): void | Promise<void> {
    this.addSql(`create table "websites" (
      "id" uuid not null, "user_id" uuid not null, "podcast_id" uuid not null,
      "subdomain" varchar(64) not null, "custom_domain" varchar(253) null,
      "layout" jsonb not null, "version" int not null,
      "published_layout" jsonb null, "published_version" int null,
      "last_generated_at" timestamptz null, "published_at" timestamptz null,
      "created_at" timestamptz not null, "updated_at" timestamptz not null,
      constraint "websites_pkey" primary key ("id"));`);
    this.addSql(`create index "websites_user_id_index" on "websites" ("user_id");`);
    this.addSql(`alter table "websites" add constraint "websites_podcast_id_unique" unique ("podcast_id");`);
    this.addSql(`alter table "websites" add constraint "websites_subdomain_unique" unique ("subdomain");`);
    this.addSql(`alter table "websites" add constraint "websites_custom_domain_unique" unique ("custom_domain");`);
    this.addSql(
      `alter table "websites" add constraint "websites_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "websites" add constraint "websites_podcast_id_foreign" foreign key ("podcast_id") references "podcasts" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`create table "website_versions" (
      "id" uuid not null, "website_id" uuid not null, "version" int not null, "parent_version" int null,
      "action" varchar(16) not null, "message" text null, "reply" text null, "layout" jsonb not null,
      "created_at" timestamptz not null,
      constraint "website_versions_pkey" primary key ("id"));`);
    this.addSql(
      `alter table "website_versions" add constraint "website_versions_website_id_version_unique" unique ("website_id", "version");`,
    );
    this.addSql(
      `alter table "website_versions" add constraint "website_versions_website_id_foreign" foreign key ("website_id") references "websites" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "website_versions" cascade;`);
    this.addSql(`drop table if exists "websites" cascade;`);
  }
}
