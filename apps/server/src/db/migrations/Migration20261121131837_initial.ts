import { Migration } from '@mikro-orm/migrations';

export class Migration20261121131837_initial extends Migration {
  override name = 'Migration20261121131837_initial';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "app_settings" ("key" varchar(64) not null, "value" jsonb not null, "updated_at" timestamptz not null, primary key ("key"));`,
    );

    this.addSql(
      `create table "mail_outbox" ("id" uuid not null, "to" varchar(254) not null, "subject" varchar(300) not null, "text" text not null, "transport" varchar(16) not null default 'outbox', "sent_at" timestamptz null, "error" text null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "mail_outbox_to_index" on "mail_outbox" ("to");`);
    this.addSql(`create index "mail_outbox_created_at_index" on "mail_outbox" ("created_at");`);

    this.addSql(
      `create table "rate_limits" ("key" varchar(300) not null, "count" int not null default 0, "window_start" timestamptz not null, primary key ("key"));`,
    );

    this.addSql(
      `create table "users" ("id" uuid not null, "email" varchar(254) not null, "password_hash" text null, "first_name" varchar(100) null, "last_name" varchar(100) null, "picture" text null, "timezone" varchar(64) null, "tier" varchar(32) not null default 'free', "role" varchar(16) not null default 'user', "is_active" boolean not null default false, "email_verified_at" timestamptz null, "terms_version_accepted" varchar(64) null, "google_sub" varchar(255) null, "subscription_expires_at" timestamptz null, "last_activity_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`alter table "users" add constraint "users_google_sub_unique" unique ("google_sub");`);

    this.addSql(
      `create table "sessions" ("id" varchar(64) not null, "user_id" uuid not null, "expires_at" timestamptz not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);

    this.addSql(
      `create table "email_verifications" ("id" uuid not null, "user_id" uuid not null, "email" varchar(254) not null, "code_hash" varchar(64) not null, "attempts" int not null default 0, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "email_verifications_user_id_index" on "email_verifications" ("user_id");`);

    this.addSql(
      `create table "waitlist_requests" ("id" uuid not null, "email" varchar(254) not null, "note" text null, "user_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "waitlist_requests_email_index" on "waitlist_requests" ("email");`);

    this.addSql(
      `alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "email_verifications" add constraint "email_verifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "waitlist_requests" add constraint "waitlist_requests_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sessions" drop constraint "sessions_user_id_foreign";`);
    this.addSql(`alter table "email_verifications" drop constraint "email_verifications_user_id_foreign";`);
    this.addSql(`alter table "waitlist_requests" drop constraint "waitlist_requests_user_id_foreign";`);

    this.addSql(`drop table if exists "app_settings" cascade;`);
    this.addSql(`drop table if exists "mail_outbox" cascade;`);
    this.addSql(`drop table if exists "rate_limits" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "sessions" cascade;`);
    this.addSql(`drop table if exists "email_verifications" cascade;`);
    this.addSql(`drop table if exists "waitlist_requests" cascade;`);
  }
}
