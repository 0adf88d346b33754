import { Migration } from '@mikro-orm/migrations';

/**
 * The admin panel: waitlist requests get a decision (approved or dismissed, and when), and every
 * change made through the DB explorer is recorded (who, when, table, row, before, after).
 */
export class Migration20261125140000_admin_waitlist_audit extends Migration {
  override name = 'Migration20261125140000_admin_waitlist_audit';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "waitlist_requests" add column "status" varchar(16) not null default 'pending', add column "decided_at" timestamptz null;`,
    );
    this.addSql(`create index "waitlist_requests_status_index" on "waitlist_requests" ("status");`);
    this.addSql(
      `create table "admin_audit_entries" ("id" uuid not null, "admin_id" uuid null references "users" ("id") on delete set null, "admin_email" varchar(254) not null, "table_name" varchar(128) not null, "row_id" text not null, "action" varchar(16) not null, "before" jsonb null, "after" jsonb null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "admin_audit_entries_created_at_index" on "admin_audit_entries" ("created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "admin_audit_entries";`);
    this.addSql(`alter table "waitlist_requests" drop column "status", drop column "decided_at";`);
  }
}
