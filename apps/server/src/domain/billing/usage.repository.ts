import type { RequiredEntityData } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UsageChargeSchema, type UsageCharge } from './usage-charge.entity.ts';

/** This month's ledger of one user, as the usage figures read it. */
export interface MonthLedger {
  /** Minutes charged (credits subtract), of which bought minutes, and assemblies less credits. */
  minutes: number;
  bought: number;
  episodes: number;
  /** Billable seconds of long AI-voice clips (free overrides excepted). */
  clipSeconds: number;
  /** Bought minutes ever spent, whatever the month. */
  boughtSpent: number;
}

/**
 * The minutes ledger (usage_charges, tts_clips), always for one user or one episode. `em` is the
 * caller's transaction when the read or write belongs to one (the check and the charge of an assembly).
 */
export class UsageRepository {
  private readonly em: EntityManager;
  constructor(em: EntityManager) {
    this.em = em;
  }

  async monthLedger(userId: string, start: Date, end: Date, em: EntityManager = this.em): Promise<MonthLedger> {
    const [charges] = await em.execute<{ minutes: string | number; bought: string | number; episodes: string | number }[]>(
      `select coalesce(sum(minutes), 0) as minutes, coalesce(sum(bought_minutes), 0) as bought,
              count(*) filter (where kind = 'assembly') - count(*) filter (where kind = 'credit') as episodes
         from usage_charges where user_id = ? and created_at >= ? and created_at < ?`,
      [userId, start, end],
    );
    const [clips] = await em.execute<{ seconds: string | number }[]>(
      `select coalesce(sum(billable_seconds), 0) as seconds from tts_clips
        where user_id = ? and free_override = false and created_at >= ? and created_at < ?`,
      [userId, start, end],
    );
    const [spent] = await em.execute<{ bought: string | number }[]>(
      `select coalesce(sum(bought_minutes), 0) as bought from usage_charges where user_id = ?`,
      [userId],
    );
    return {
      minutes: Number(charges?.minutes ?? 0),
      bought: Number(charges?.bought ?? 0),
      episodes: Number(charges?.episodes ?? 0),
      clipSeconds: Number(clips?.seconds ?? 0),
      boughtSpent: Number(spent?.bought ?? 0),
    };
  }

  /** Holds the user's row until the transaction ends, so two charges of one user run one after the other. */
  async lockUser(tx: EntityManager, userId: string): Promise<void> {
    await tx.execute('select id from users where id = ? for update', [userId]);
  }

  findCharge(chargeKey: string, em: EntityManager = this.em): Promise<UsageCharge | null> {
    return em.findOne(UsageChargeSchema, { chargeKey });
  }

  /** A charge written with the caller's transaction. */
  addCharge(tx: EntityManager, data: RequiredEntityData<UsageCharge>): UsageCharge {
    return tx.create(UsageChargeSchema, data);
  }

  /** The user's newest charges and credits, at most `limit`. */
  newestCharges(userId: string, limit: number): Promise<UsageCharge[]> {
    return this.em.find(UsageChargeSchema, { user: userId }, { orderBy: { createdAt: 'desc' }, limit });
  }

  /** The newest assembly charge of an episode. */
  latestAssemblyCharge(episodeId: string, em: EntityManager = this.em): Promise<UsageCharge | null> {
    return em.findOne(UsageChargeSchema, { episodeId, kind: 'assembly' }, { orderBy: { createdAt: 'desc' } });
  }

  async isCredited(charge: Pick<UsageCharge, 'chargeKey'>, em: EntityManager = this.em): Promise<boolean> {
    return (await em.count(UsageChargeSchema, { chargeKey: `credit:${charge.chargeKey}` })) > 0;
  }

  countCredits(episodeId: string, em: EntityManager = this.em): Promise<number> {
    return em.count(UsageChargeSchema, { episodeId, kind: 'credit' });
  }

  /** Gives a charge back with a ledger entry of its own, once: true when this call wrote it. */
  async credit(charge: UsageCharge, episodeId: string, now: Date): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `insert into usage_charges (id, user_id, kind, charge_key, episode_id, seconds, minutes, bought_minutes, created_at)
       values (gen_random_uuid(), ?, 'credit', ?, ?, ?, ?, ?, ?) on conflict (charge_key) do nothing returning id`,
      [charge.user.id, `credit:${charge.chargeKey}`, episodeId, -charge.seconds, -charge.minutes, -charge.boughtMinutes, now],
    );
    return rows.length > 0;
  }
}
