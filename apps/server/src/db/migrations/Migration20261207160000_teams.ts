import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 34, teams: members of a workspace (another account's) with a role and optionally chosen
 * shows, invitations by email (token kept hashed), when an owner's plan lost multi-user accounts, and
 * who did what in someone else's workspace.
 */
export class Migration20261207160000_teams extends Migration {
  override name = 'Migration20261207160000_teams';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "workspace_members" ("id" uuid not null, "owner_id" uuid not null references "users" ("id") on delete cascade, "member_id" uuid not null references "users" ("id") on delete cascade, "role" varchar(16) not null, "podcast_ids" jsonb null, "invited_by" uuid null, "last_active_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"), constraint "workspace_members_owner_id_member_id_unique" unique ("owner_id", "member_id"));`,
    );
    this.addSql(`create index "workspace_members_owner_id_index" on "workspace_members" ("owner_id");`);
    this.addSql(`create index "workspace_members_member_id_index" on "workspace_members" ("member_id");`);
    this.addSql(
      `create table "workspace_invites" ("id" uuid not null, "owner_id" uuid not null references "users" ("id") on delete cascade, "email" varchar(254) not null, "role" varchar(16) not null, "podcast_ids" jsonb null, "token_hash" varchar(64) not null, "invited_by" uuid not null, "expires_at" timestamptz not null, "accepted_at" timestamptz null, "accepted_by" uuid null, "revoked_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"), constraint "workspace_invites_token_hash_unique" unique ("token_hash"));`,
    );
    this.addSql(`create index "workspace_invites_owner_id_index" on "workspace_invites" ("owner_id");`);
    this.addSql(
      `create table "workspace_states" ("owner_id" uuid not null references "users" ("id") on delete cascade, "lapsed_at" timestamptz null, primary key ("owner_id"));`,
    );
    this.addSql(
      `create table "workspace_audit_entries" ("id" uuid not null, "owner_id" uuid not null references "users" ("id") on delete cascade, "actor_id" uuid null references "users" ("id") on delete set null, "actor_email" varchar(254) not null, "action" varchar(200) not null, "subject" varchar(200) null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "workspace_audit_entries_owner_id_created_at_index" on "workspace_audit_entries" ("owner_id", "created_at");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "workspace_members" cascade;`);
    this.addSql(`drop table if exists "workspace_invites" cascade;`);
    this.addSql(`drop table if exists "workspace_states" cascade;`);
    this.addSql(`drop table if exists "workspace_audit_entries" cascade;`);
  }
}
