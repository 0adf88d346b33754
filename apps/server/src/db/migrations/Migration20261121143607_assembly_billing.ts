import { Migration } from '@mikro-orm/migrations';

export class Migration20261121143607_assembly_billing extends Migration {
  override name = 'Migration20261121143607_assembly_billing';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "tier_configs" ("key" varchar(32) not null, "values" jsonb not null, "updated_at" timestamptz not null, primary key ("key"));`,
    );

    this.addSql(
      `create table "usage_charges" ("id" uuid not null, "user_id" uuid not null, "kind" varchar(16) not null, "charge_key" varchar(100) not null, "episode_id" uuid null, "seconds" double precision not null, "minutes" int not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "usage_charges" add constraint "usage_charges_charge_key_unique" unique ("charge_key");`);
    this.addSql(`create index "usage_charges_user_created_at_index" on "usage_charges" ("user_id", "created_at");`);

    this.addSql(
      `alter table "episodes" add "assembly" jsonb null, add "assembly_job_id" varchar(64) null, add "assembly_status" varchar(16) null, add "render_progress" double precision null, add "publish_mode" varchar(16) null;`,
    );
    this.addSql(`create index "episodes_assembly_job_id_index" on "episodes" ("assembly_job_id");`);

    this.addSql(
      `alter table "usage_charges" add constraint "usage_charges_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "tier_configs" cascade;`);
    this.addSql(`drop table if exists "usage_charges" cascade;`);

    this.addSql(`drop index "episodes_assembly_job_id_index";`);
    this.addSql(
      `alter table "episodes" drop column "assembly", drop column "assembly_job_id", drop column "assembly_status", drop column "render_progress", drop column "publish_mode";`,
    );
  }
}
