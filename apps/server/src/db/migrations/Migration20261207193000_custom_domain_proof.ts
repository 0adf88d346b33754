import { Migration } from '@mikro-orm/migrations';

/**
 * Custom domains proven before they serve (issue 35): a claim's state, token and checks on its site;
 * any number of pending claims of one domain, one verified at most; who last proved each domain.
 * Domains set before this are pending until proven (their owners get the record to add; a domain
 * already pointed here proves itself at the next check, for that owner only).
 */
export class Migration20261207193000_custom_domain_proof extends Migration {
  override name = 'Migration20261207193000_custom_domain_proof';

  override up(): void | Promise<void> {
    this.addSql(`alter table "websites" drop constraint if exists "websites_custom_domain_unique";`);
    this.addSql(`alter table "websites"
      add column "domain_state" varchar(16) null, add column "domain_token" varchar(64) null,
      add column "domain_failure" text null, add column "domain_checked_at" timestamptz null,
      add column "domain_verified_at" timestamptz null, add column "domain_grace_until" timestamptz null;`);
    this.addSql(
      `update "websites" set "domain_state" = 'pending', "domain_token" = md5(random()::text || "id"::text) where "custom_domain" is not null;`,
    );
    this.addSql(`create index "websites_custom_domain_index" on "websites" ("custom_domain");`);
    this.addSql(
      `create unique index "websites_custom_domain_verified_unique" on "websites" ("custom_domain") where "domain_state" = 'verified';`,
    );
    this.addSql(`create table "custom_domain_holders" (
      "domain" varchar(253) not null, "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
      "verified_at" timestamptz not null, constraint "custom_domain_holders_pkey" primary key ("domain"));`);
    // The sites that had a domain before count as its holders: the HTTP challenge is answered for them only.
    this.addSql(`insert into "custom_domain_holders" ("domain", "user_id", "verified_at")
      select "custom_domain", "user_id", now() from "websites" where "custom_domain" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "custom_domain_holders";`);
    this.addSql(`drop index if exists "websites_custom_domain_verified_unique";`);
    this.addSql(`drop index if exists "websites_custom_domain_index";`);
    this.addSql(`alter table "websites" drop column "domain_state", drop column "domain_token", drop column "domain_failure",
      drop column "domain_checked_at", drop column "domain_verified_at", drop column "domain_grace_until";`);
  }
}
