import type { RequiredEntityData } from '@mikro-orm/core';
import { UsageChargeSchema, type UsageCharge } from './usage-charge.entity.ts';
import { Repository } from '../../db/repository.ts';

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
 * The minutes ledger (usage_charges, tts_clips, and the minutes bought in payments), always for one
 * user or one episode. Made on a transaction's entity manager when its reads and writes belong to one
 * (the check and the charge of an assembly: EpisodesRepository.createCharged and transactional).
 */
export class UsageRepository extends Repository {
  async monthLedger(userId: string, start: Date, end: Date): Promise<MonthLedger> {
    const [charges] = await this.em.execute<{ minutes: string | number; bought: string | number; episodes: string | number }[]>(
      `select coalesce(sum(minutes), 0) as minutes, coalesce(sum(bought_minutes), 0) as bought,
              count(*) filter (where kind = 'assembly') - count(*) filter (where kind = 'credit') as episodes
         from usage_charges where user_id = ? and created_at >= ? and created_at < ?`,
      [userId, start, end],
    );
    const [clips] = await this.em.execute<{ seconds: string | number }[]>(
      `select coalesce(sum(billable_seconds), 0) as seconds from tts_clips
        where user_id = ? and free_override = false and created_at >= ? and created_at < ?`,
      [userId, start, end],
    );
    const [spent] = await this.em.execute<{ bought: string | number }[]>(
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
  async lockUser(userId: string): Promise<void> {
    await this.em.execute('select id from users where id = ? for update', [userId]);
  }

  findCharge(chargeKey: string): Promise<UsageCharge | null> {
    return this.em.findOne(UsageChargeSchema, { chargeKey });
  }

  /** A charge, written when the transaction this repository belongs to commits. */
  addCharge(data: RequiredEntityData<UsageCharge>): UsageCharge {
    return this.em.create(UsageChargeSchema, data);
  }

  /** The user's newest charges and credits, at most `limit`. */
  newestCharges(userId: string, limit: number): Promise<UsageCharge[]> {
    return this.em.find(UsageChargeSchema, { user: userId }, { orderBy: { createdAt: 'desc' }, limit });
  }

  /** The newest assembly charge of an episode. */
  latestAssemblyCharge(episodeId: string): Promise<UsageCharge | null> {
    return this.em.findOne(UsageChargeSchema, { episodeId, kind: 'assembly' }, { orderBy: { createdAt: 'desc' } });
  }

  async isCredited(charge: Pick<UsageCharge, 'chargeKey'>): Promise<boolean> {
    return (await this.em.count(UsageChargeSchema, { chargeKey: `credit:${charge.chargeKey}` })) > 0;
  }

  countCredits(episodeId: string): Promise<number> {
    return this.em.count(UsageChargeSchema, { episodeId, kind: 'credit' });
  }

  /** Bought minutes ever added to the user's balance. */
  async minutesBought(userId: string): Promise<number> {
    const [row] = await this.em.execute<{ minutes: string | number }[]>(
      `select coalesce(sum(minutes), 0) as minutes from payments where user_id = ? and kind = 'minutes'`,
      [userId],
    );
    return Number(row?.minutes ?? 0);
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
