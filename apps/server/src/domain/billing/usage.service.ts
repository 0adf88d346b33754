import type { z } from 'zod';
import {
  BILLING_MESSAGES,
  episodeQuotaExceeded,
  minutesNeeded,
  type TMinutesPrecheck,
  type TMinutesPrecheckRequest,
  type TUsage,
  type ZMinutesPrecheckRequest,
} from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { StoragePort } from '../storage/storage.ts';
import type { TemplatesService } from '../templates/templates.service.ts';
import type { TranscriptsService } from '../transcripts/transcripts.service.ts';
import { estimateEpisodeSeconds, type ClipRef, type EpisodeSeconds } from '../episodes/assembly-sources.ts';
import type { EpisodeMediaRepository } from '../episodes/episode-media.repository.ts';
import type { PlansService } from './plans.service.ts';
import type { UsageRepository } from './usage.repository.ts';
import type { PlanUser } from './feature-gate.ts';

export interface UsageDeps {
  /** The minutes ledger (outside a transaction). */
  ledger: UsageRepository;
  /** The user's clips a template names, for the minutes estimate (a length probed is kept with flush). */
  clips: Pick<EpisodeMediaRepository, 'findClip' | 'flush'>;
  storage: StoragePort;
  plans: PlansService;
  templates: TemplatesService;
  transcripts: TranscriptsService;
}

/** The monthly period: calendar months in UTC; minutes reset on the first of the next month. */
export function usagePeriod(now: Date): { start: Date; renewal: Date } {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    renewal: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Processing minutes and the episode quota of one user's month: the ledger of assembly charges plus
 * the billable seconds of long AI-voice clips (tts_clips, free overrides excepted). The check and
 * the charge of an assembly happen together under a lock on the user's row, so two assemblies at
 * once cannot both spend the last minutes.
 */
export class UsageService {
  private readonly deps: UsageDeps;
  constructor(deps: UsageDeps) {
    this.deps = deps;
  }

  /**
   * GET /api/billing/usage. Monthly plan minutes are use-it-or-lose-it; bought minutes roll over and
   * are spent after them, so minutes_left is what is left of the month plus the bought balance.
   * ledgerRows: the transaction's ledger when called inside one.
   */
  async usage(user: PlanUser, now = new Date(), ledgerRows: UsageRepository = this.deps.ledger): Promise<TUsage> {
    const { start, renewal } = usagePeriod(now);
    const ledger = await ledgerRows.monthLedger(user.id, start, renewal);
    const tier = await this.deps.plans.effectiveTier(user, now);
    const limits = await this.deps.plans.valuesFor(user, now);
    const maxMinutes = typeof limits.max_processing_minutes_month === 'number' ? limits.max_processing_minutes_month : null;
    const maxEpisodes = typeof limits.max_episodes_month === 'number' ? limits.max_episodes_month : null;
    const clipMinutes = ledger.clipSeconds / 60;
    const round = (n: number) => Math.round(n * 100) / 100;
    const used = round(ledger.minutes + clipMinutes);
    const monthlyUsed = round(ledger.minutes - ledger.bought + clipMinutes);
    const bought = Math.max(0, (await ledgerRows.minutesBought(user.id)) - ledger.boughtSpent);
    // 'Remaining minutes rounded up' (spec 000 §9).
    const monthlyLeft = maxMinutes === null ? null : Math.max(0, Math.ceil(maxMinutes - monthlyUsed - 1e-9));
    const episodes = Math.max(0, ledger.episodes);
    return {
      tier,
      period_start: isoDay(start),
      renewal_date: isoDay(renewal),
      processing_minutes_used_this_month: used,
      minutes_used: used,
      minutes_left: monthlyLeft === null ? null : monthlyLeft + bought,
      max_processing_minutes_month: maxMinutes,
      monthly_minutes_left: monthlyLeft,
      bought_minutes_left: bought,
      episodes_used_this_month: episodes,
      episodes_remaining_this_month: maxEpisodes === null ? null : Math.max(0, maxEpisodes - episodes),
      max_episodes_month: maxEpisodes,
    };
  }

  /** This month's minutes used and the tier's maximum (null is unlimited), for the dashboard. */
  async minutesFor(user: PlanUser, now = new Date()): Promise<{ used: number; max: number | null }> {
    const usage = await this.usage(user, now);
    return { used: usage.minutes_used, max: usage.max_processing_minutes_month };
  }

  /** The precheck result for an episode of this length. */
  decide(seconds: EpisodeSeconds, usage: TUsage): TMinutesPrecheck {
    const required = minutesNeeded(seconds.total_seconds);
    const allowed = usage.minutes_left === null || required <= usage.minutes_left;
    return {
      allowed,
      minutes_required: required,
      minutes_remaining: usage.minutes_left,
      renewal_date: usage.renewal_date,
      ...seconds,
      message: allowed ? null : BILLING_MESSAGES.insufficientMinutes,
    };
  }

  /** POST /api/episodes/precheck/minutes: the template's clips and scripts plus the upload, against this month's minutes. */
  async precheck(user: PlanUser, body: z.output<typeof ZMinutesPrecheckRequest>, now = new Date()): Promise<TMinutesPrecheck> {
    const template = await this.deps.templates.getOwned(user, body.template_id);
    const upload = await this.deps.transcripts.findByHint(user, body.main_content_filename);
    const clips = { storage: this.deps.storage, findClip: (userId: string, ref: ClipRef) => this.deps.clips.findClip(userId, ref) };
    const seconds = await estimateEpisodeSeconds(clips, user.id, template.segments, upload, body.tts_values);
    // A clip's length probed just now is kept for the next estimate.
    await this.deps.clips.flush();
    return this.decide(seconds, await this.usage(user, now));
  }

  /** The same, answering 402 INSUFFICIENT_MINUTES (with the result in the body) when it blocks. */
  async precheckOrThrow(user: PlanUser, input: TMinutesPrecheckRequest, now = new Date()): Promise<TMinutesPrecheck> {
    const result = await this.precheck(user, input, now);
    if (!result.allowed) throw new AppError('INSUFFICIENT_MINUTES', BILLING_MESSAGES.insufficientMinutes, result);
    return result;
  }

  /**
   * Inside the caller's transaction (ledger: its ledger): locks the user's row, checks the episode quota (402) and the
   * minutes (402 INSUFFICIENT_MINUTES), then records the charge under chargeKey (a second charge
   * with the same key is a no-op). Returns the minutes charged.
   */
  async chargeAssembly(
    ledger: UsageRepository,
    user: PlanUser,
    charge: { key: string; episodeId: string; seconds: EpisodeSeconds },
    now = new Date(),
  ): Promise<number> {
    await ledger.lockUser(user.id);
    const existing = await ledger.findCharge(charge.key);
    if (existing) return existing.minutes;
    const usage = await this.usage(user, now, ledger);
    if (episodeQuotaExceeded(usage)) {
      throw new AppError('PAYMENT_REQUIRED', BILLING_MESSAGES.episodeQuotaReached, {
        episodes_remaining_this_month: 0,
        max_episodes_month: usage.max_episodes_month,
      });
    }
    const decision = this.decide(charge.seconds, usage);
    if (!decision.allowed) throw new AppError('INSUFFICIENT_MINUTES', BILLING_MESSAGES.insufficientMinutes, decision);
    const fromMonth =
      usage.monthly_minutes_left === null ? decision.minutes_required : Math.min(decision.minutes_required, usage.monthly_minutes_left);
    ledger.addCharge({
      user: user.id,
      kind: 'assembly',
      chargeKey: charge.key,
      episodeId: charge.episodeId,
      seconds: charge.seconds.total_seconds,
      minutes: decision.minutes_required,
      boughtMinutes: decision.minutes_required - fromMonth,
      createdAt: now,
    });
    return decision.minutes_required;
  }

  /**
   * Inside the caller's transaction (ledger: its ledger), before a failed render is queued again: when its newest charge
   * was credited back (every failed render's is), the same minutes are charged again under a key of
   * their own, so a retry costs what the first try would have and two clicks charge once. Answers
   * the minutes charged (0 when the charge still stands).
   */
  async rechargeCredited(ledger: UsageRepository, user: PlanUser, episodeId: string, now = new Date()): Promise<number> {
    const charge = await ledger.latestAssemblyCharge(episodeId);
    if (!charge || !(await ledger.isCredited(charge))) return 0;
    const credits = await ledger.countCredits(episodeId);
    const seconds = { total_seconds: charge.seconds, static_seconds: 0, main_seconds: charge.seconds };
    return this.chargeAssembly(ledger, user, { key: `assembly:${episodeId}:retry-${credits}`, episodeId, seconds }, now);
  }

  /**
   * A render that failed for good, for any reason (issue 35): its newest charge is given back
   * (monthly and bought minutes as they were taken, and the episode of the quota) with a ledger entry,
   * once. Deleting an episode never does this (terms).
   */
  async creditFailedRender(episodeId: string, now = new Date()): Promise<number> {
    const charge = await this.deps.ledger.latestAssemblyCharge(episodeId);
    if (!charge) return 0;
    return (await this.deps.ledger.credit(charge, episodeId, now)) ? charge.minutes : 0;
  }
}
