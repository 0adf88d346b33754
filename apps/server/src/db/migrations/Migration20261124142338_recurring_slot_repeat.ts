import { Migration } from '@mikro-orm/migrations';

/** Recurring slots also repeat every two weeks from a date, or once on a date; existing slots stay weekly. */
export class Migration20261124142338_recurring_slot_repeat extends Migration {
  override name = 'Migration20261124142338_recurring_slot_repeat';

  override up(): void | Promise<void> {
    this.addSql(`alter table "recurring_schedule_slots" add "repeat" text not null default 'weekly', add "date" varchar(10) null;`);
    this.addSql(
      `alter table "recurring_schedule_slots" add constraint "recurring_schedule_slots_repeat_check" check ("repeat" in ('weekly', 'biweekly', 'once'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "recurring_schedule_slots" drop constraint "recurring_schedule_slots_repeat_check";`);
    this.addSql(`alter table "recurring_schedule_slots" drop column "repeat", drop column "date";`);
  }
}
