import { Migration } from '@mikro-orm/migrations';

/**
 * Payments (issue 15): Stripe customers, subscriptions (Stripe, lifetime seats, trials), checkout sessions,
 * the Stripe event ids acted on, payments received, and the bought-minutes share of each usage charge.
 */
export class Migration20261125122804_billing_payments extends Migration {
  override name = 'Migration20261125122804_billing_payments';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "stripe_events" ("id" varchar(255) not null, "type" varchar(100) not null, "received_at" timestamptz not null, primary key ("id"));`,
    );

    this.addSql(
      `create table "subscriptions" ("id" uuid not null, "user_id" uuid not null, "source" varchar(16) not null, "stripe_subscription_id" varchar(255) null, "plan_key" varchar(32) not null, "billing_cycle" varchar(32) not null, "status" varchar(32) not null, "current_period_end" timestamptz null, "cancel_at_period_end" boolean not null default false, "will_cancel_at" timestamptz null, "canceled_at" timestamptz null, "monthly_cents" int not null default 0, "stripe_event_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "subscriptions" add constraint "subscriptions_stripe_subscription_id_unique" unique ("stripe_subscription_id");`,
    );
    this.addSql(`create index "subscriptions_user_status_index" on "subscriptions" ("user_id", "status");`);

    this.addSql(
      `create table "payments" ("id" uuid not null, "user_id" uuid not null, "ref" varchar(255) not null, "kind" varchar(16) not null, "amount_cents" int not null, "currency" varchar(8) not null default 'usd', "minutes" int not null default 0, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "payments" add constraint "payments_ref_unique" unique ("ref");`);
    this.addSql(`create index "payments_user_kind_index" on "payments" ("user_id", "kind");`);

    this.addSql(
      `create table "checkout_sessions" ("id" varchar(255) not null, "user_id" uuid not null, "plan_key" varchar(32) not null, "billing_cycle" varchar(32) not null, "hours" int null, "status" varchar(16) not null default 'open', "applied_at" timestamptz null, "expires_at" timestamptz not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "checkout_sessions_cycle_status_index" on "checkout_sessions" ("billing_cycle", "status");`);

    this.addSql(
      `create table "billing_customers" ("user_id" uuid not null, "stripe_customer_id" varchar(255) not null, "created_at" timestamptz not null, primary key ("user_id"));`,
    );
    this.addSql(
      `alter table "billing_customers" add constraint "billing_customers_stripe_customer_id_unique" unique ("stripe_customer_id");`,
    );

    this.addSql(`alter table "usage_charges" add "bought_minutes" int not null default 0;`);

    this.addSql(
      `alter table "subscriptions" add constraint "subscriptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "payments" add constraint "payments_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "checkout_sessions" add constraint "checkout_sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "billing_customers" add constraint "billing_customers_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "stripe_events" cascade;`);
    this.addSql(`drop table if exists "subscriptions" cascade;`);
    this.addSql(`drop table if exists "payments" cascade;`);
    this.addSql(`drop table if exists "checkout_sessions" cascade;`);
    this.addSql(`drop table if exists "billing_customers" cascade;`);

    this.addSql(`alter table "usage_charges" drop column "bought_minutes";`);
  }
}
