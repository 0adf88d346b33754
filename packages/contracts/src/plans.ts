/**
 * The plan table of spec 002 section 9, as data: the pricing page renders it and the tier table
 * is seeded from it, so this file is the single source of prices, minutes, storage and features.
 * Money is in cents (displayed as whole dollars); minutes null means unlimited.
 */

export const PLAN_KEYS = ['starter', 'creator', 'pro', 'enterprise'] as const;
export type TPlanKey = (typeof PLAN_KEYS)[number];

/** Every tier an account can be on (section 4 plus the implicit unlimited tier of section 9). */
export const TIER_KEYS = ['free', 'starter', 'creator', 'pro', 'enterprise', 'unlimited'] as const;
export type TTierKey = (typeof TIER_KEYS)[number];

export const PLAN_FEATURE_KEYS = [
  'uploadRecord',
  'basicCleanup',
  'manualPublish',
  'autopublishSpreaker',
  'flubber',
  'intern',
  'advancedIntern',
  'sfxTemplates',
  'analytics',
  'multiUser',
  'priorityQueue',
  'premiumSupport',
] as const;
export type TPlanFeature = (typeof PLAN_FEATURE_KEYS)[number];
export type TPlanFeatures = Readonly<Record<TPlanFeature, boolean>>;

/** How the comparison table names each capability. */
export const PLAN_FEATURE_LABELS: Readonly<Record<TPlanFeature, string>> = {
  uploadRecord: 'Upload and record',
  basicCleanup: 'Basic audio cleanup',
  manualPublish: 'Manual publishing',
  autopublishSpreaker: 'Automatic publishing to your host',
  flubber: 'Flubber (retake and filler removal)',
  intern: 'Intern (spoken-command editing)',
  advancedIntern: 'Advanced Intern',
  sfxTemplates: 'Sound effects and templates',
  analytics: 'Analytics',
  multiUser: 'Multi-user accounts',
  priorityQueue: 'Priority queue',
  premiumSupport: 'Premium support',
};

export interface TPlanCta {
  label: string;
  href: string;
}

export interface TTierLimits {
  key: TTierKey;
  name: string;
  /** Processing minutes per month; null is unlimited. */
  processingMinutes: number | null;
  /** Price of an extra hour of processing in cents; null where none is sold. */
  extraRateCentsPerHour: number | null;
  /** Hours of audio the upload queue holds, and for how many days; null is unlimited. */
  queueStorageHours: number | null;
  queueHeldDays: number | null;
  features: TPlanFeatures;
}

export interface TPlan extends TTierLimits {
  key: TPlanKey;
  /** Monthly price in cents; null for contact-only. */
  monthlyCents: number | null;
  /** Per-month price when billed annually, in cents; null where there is no annual price. */
  annualMonthlyCents: number | null;
  tagline: string;
  cta: TPlanCta;
  popular: boolean;
  badge: string | null;
  /** Contact sales instead of a price. */
  contact: boolean;
}

/**
 * The spec's 'external signup page'. A self-hosted instance signs up in its own sign-in dialog,
 * which keeps the plan query parameter for checkout.
 */
export const SIGNUP_PATH = '/?login=1';
export const CONTACT_SALES_PATH = '/contact';

export function planSignupHref(key: TPlanKey): string {
  return `${SIGNUP_PATH}&plan=${key}`;
}

const NONE: TPlanFeatures = {
  uploadRecord: false,
  basicCleanup: false,
  manualPublish: false,
  autopublishSpreaker: false,
  flubber: false,
  intern: false,
  advancedIntern: false,
  sfxTemplates: false,
  analytics: false,
  multiUser: false,
  priorityQueue: false,
  premiumSupport: false,
};
/** Starter: upload, basic cleanup and manual publish only. */
const STARTER_FEATURES: TPlanFeatures = { ...NONE, uploadRecord: true, basicCleanup: true, manualPublish: true };
/** Creator adds autopublish to the host, Flubber and Intern. */
const CREATOR_FEATURES: TPlanFeatures = { ...STARTER_FEATURES, autopublishSpreaker: true, flubber: true, intern: true };
/** Pro adds advanced Intern, sound effects and templates, and analytics. */
const PRO_FEATURES: TPlanFeatures = { ...CREATOR_FEATURES, advancedIntern: true, sfxTemplates: true, analytics: true };
/** Enterprise adds multi-user, priority queue and premium support. */
const ENTERPRISE_FEATURES: TPlanFeatures = { ...PRO_FEATURES, multiUser: true, priorityQueue: true, premiumSupport: true };

export const PLANS: readonly TPlan[] = [
  {
    key: 'starter',
    name: 'Starter',
    monthlyCents: 1900,
    annualMonthlyCents: null,
    processingMinutes: 120,
    extraRateCentsPerHour: 600,
    queueStorageHours: 2,
    queueHeldDays: 7,
    features: STARTER_FEATURES,
    tagline: 'Upload, clean up and publish your first shows.',
    cta: { label: 'Start with Starter', href: planSignupHref('starter') },
    popular: false,
    badge: null,
    contact: false,
  },
  {
    key: 'creator',
    name: 'Creator',
    monthlyCents: 3900,
    annualMonthlyCents: 3100,
    processingMinutes: 600,
    extraRateCentsPerHour: 500,
    queueStorageHours: 10,
    queueHeldDays: 14,
    features: CREATOR_FEATURES,
    tagline: 'Autopublish, Flubber and Intern for a weekly show.',
    cta: { label: 'Start with Creator', href: planSignupHref('creator') },
    popular: true,
    badge: 'Most popular',
    contact: false,
  },
  {
    key: 'pro',
    name: 'Pro',
    monthlyCents: 7900,
    annualMonthlyCents: 6300,
    processingMinutes: 1500,
    extraRateCentsPerHour: 400,
    queueStorageHours: 25,
    queueHeldDays: 30,
    features: PRO_FEATURES,
    tagline: 'Advanced Intern, sound effects, templates and analytics.',
    cta: { label: 'Start with Pro', href: planSignupHref('pro') },
    popular: false,
    badge: null,
    contact: false,
  },
  {
    key: 'enterprise',
    name: 'Enterprise',
    monthlyCents: null,
    annualMonthlyCents: null,
    processingMinutes: 3600,
    extraRateCentsPerHour: 300,
    queueStorageHours: 60,
    queueHeldDays: 60,
    features: ENTERPRISE_FEATURES,
    tagline: 'Multi-user teams with a priority queue and premium support.',
    cta: { label: 'Contact Sales', href: CONTACT_SALES_PATH },
    popular: false,
    badge: 'Teams',
    contact: true,
  },
];

/**
 * The two tiers that are not sold on the pricing page. Free is not in the spec's plan table: it
 * gets Starter's capabilities with one hour a month, enough for the 14-day trial's first episodes.
 * Unlimited (set by admins) has no monthly maximum and every capability.
 */
export const FREE_TIER: TTierLimits = {
  key: 'free',
  name: 'Free',
  processingMinutes: 60,
  extraRateCentsPerHour: null,
  queueStorageHours: 1,
  queueHeldDays: 7,
  features: STARTER_FEATURES,
};
export const UNLIMITED_TIER: TTierLimits = {
  key: 'unlimited',
  name: 'Unlimited',
  processingMinutes: null,
  extraRateCentsPerHour: null,
  queueStorageHours: null,
  queueHeldDays: null,
  features: ENTERPRISE_FEATURES,
};

/** Every tier in order, for seeding the tier table. */
export const TIERS: readonly TTierLimits[] = [FREE_TIER, ...PLANS, UNLIMITED_TIER];

export function getPlan(key: TPlanKey): TPlan {
  const plan = PLANS.find((p) => p.key === key);
  if (!plan) throw new Error(`unknown plan ${key}`);
  return plan;
}

export function getTier(key: TTierKey): TTierLimits {
  const tier = TIERS.find((t) => t.key === key);
  if (!tier) throw new Error(`unknown tier ${key}`);
  return tier;
}

export const PRICING = {
  /** 'Annual saves about 20%.' */
  annualSavingsLabel: 'Save 20%',
  starterAnnualNote: 'Starter plan does not offer annual pricing.',
  standardPricingStarts: 'Nov 1',
  minutesNote: 'Monthly minutes are use-it-or-lose-it; a la carte minutes roll over; no add-ons.',
  offerEnded: 'Offer ended',
  /** 'Lifetime seats are capped at 20 in total.' */
  lifetimeSeatsCap: 20,
  freeTrialDays: 14,
  moneyBackDays: 30,
} as const;

/** What paying annually saves over twelve monthly payments; null without an annual price. */
export function annualSavings(plan: Pick<TPlan, 'monthlyCents' | 'annualMonthlyCents'>): { centsPerYear: number; percent: number } | null {
  if (plan.monthlyCents === null || plan.annualMonthlyCents === null || plan.monthlyCents <= 0) return null;
  const centsPerYear = (plan.monthlyCents - plan.annualMonthlyCents) * 12;
  return { centsPerYear, percent: Math.round((centsPerYear / (plan.monthlyCents * 12)) * 100) };
}

/** Whole dollars, as the spec displays money: 1900 -> '$19'. */
export function formatDollars(cents: number): string {
  return `$${Math.round(cents / 100).toLocaleString('en-US')}`;
}

/** '120 (2 hrs)' style, or 'Unlimited'. */
export function formatProcessingMinutes(minutes: number | null): string {
  if (minutes === null) return 'Unlimited';
  const hours = minutes / 60;
  return `${minutes} (${hours} ${hours === 1 ? 'hr' : 'hrs'})`;
}

/** '2 hrs held 7 days' style, or 'Unlimited'. */
export function formatQueueStorage(hours: number | null, days: number | null): string {
  if (hours === null || days === null) return 'Unlimited';
  return `${hours} ${hours === 1 ? 'hr' : 'hrs'} held ${days} days`;
}

/** A founders offer (spec 002 section 3 'Early offer': title, price, note, badge), ending Sept 30. */
export interface TEarlyOffer {
  key: string;
  plan: TPlanKey;
  title: string;
  priceCents: number;
  /** How often the price is paid. */
  period: 'once' | 'year' | 'month';
  /** The standard yearly price the offer replaces, when there is one. */
  normallyCents: number | null;
  note: string;
  badge: string;
  cta: TPlanCta;
}

export const FOUNDERS_OFFERS: readonly TEarlyOffer[] = [
  {
    key: 'creator-lifetime',
    plan: 'creator',
    title: 'Creator Lifetime',
    priceCents: 19_900,
    period: 'once',
    normallyCents: null,
    note: `Pay once, keep Creator for life. Lifetime seats are capped at ${PRICING.lifetimeSeatsCap} in total.`,
    badge: 'Lifetime',
    cta: { label: 'Claim Creator Lifetime', href: planSignupHref('creator') },
  },
  {
    key: 'creator-founders-annual',
    plan: 'creator',
    title: 'Creator Founders Annual',
    priceCents: 29_900,
    period: 'year',
    normallyCents: 46_800,
    note: 'Founders annual price (normally $468).',
    badge: 'Founders',
    cta: { label: 'Claim Creator Founders', href: planSignupHref('creator') },
  },
  {
    key: 'pro-lifetime',
    plan: 'pro',
    title: 'Pro Lifetime',
    priceCents: 39_900,
    period: 'once',
    normallyCents: null,
    note: `Pay once, keep Pro for life. Lifetime seats are capped at ${PRICING.lifetimeSeatsCap} in total.`,
    badge: 'Lifetime',
    cta: { label: 'Claim Pro Lifetime', href: planSignupHref('pro') },
  },
  {
    key: 'pro-founders-annual',
    plan: 'pro',
    title: 'Pro Founders Annual',
    priceCents: 59_900,
    period: 'year',
    normallyCents: 94_800,
    note: 'Founders annual price (normally $948).',
    badge: 'Founders',
    cta: { label: 'Claim Pro Founders', href: planSignupHref('pro') },
  },
  {
    key: 'partner-rate',
    plan: 'creator',
    title: 'Partner Rate',
    priceCents: 1_000,
    period: 'month',
    normallyCents: null,
    note: '$10/mo for the first year (invite-only).',
    badge: 'Invite-only',
    cta: { label: 'Contact Sales', href: CONTACT_SALES_PATH },
  },
];

/** '$199 once', '$299/yr', '$10/mo'. */
export function formatOfferPrice(offer: Pick<TEarlyOffer, 'priceCents' | 'period'>): string {
  const price = formatDollars(offer.priceCents);
  if (offer.period === 'once') return `${price} once`;
  return `${price}/${offer.period === 'year' ? 'yr' : 'mo'}`;
}

/** The founders offers end on Sept 30 at 23:59:59 (local time) of the year of `now`. */
export function foundersDeadline(now: Date): Date {
  return new Date(now.getFullYear(), 8, 30, 23, 59, 59);
}

export interface TCountdownParts {
  ended: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds from `now` to `deadline`; ended once it has passed. */
export function countdownParts(now: Date, deadline: Date = foundersDeadline(now)): TCountdownParts {
  const totalSeconds = Math.floor((deadline.getTime() - now.getTime()) / 1000);
  if (totalSeconds < 0) return { ended: true, days: 0, hours: 0, minutes: 0, seconds: 0 };
  return {
    ended: false,
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}

/** '12d 03h 04m 05s', or the spec's 'Offer ended'. */
export function formatCountdown(parts: TCountdownParts): string {
  if (parts.ended) return PRICING.offerEnded;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${parts.days}d ${two(parts.hours)}h ${two(parts.minutes)}m ${two(parts.seconds)}s`;
}

/* ---------------------------------------------------------------- the upload queue's storage */

/**
 * 'Queue storage: 2 hrs held 7 days' (spec 002 §9): the main-content uploads not yet used by any
 * episode may hold at most the plan's hours of audio (refused at upload), and each is kept the plan's
 * days from its upload; then a job removes it, after telling the creator (in the app and by mail) at
 * least noticeDays before. The tier table's queue_storage_hours and queue_held_days decide; null is unlimited.
 */
export const QUEUE_STORAGE = { noticeDays: 2 } as const;

/** '42 min', '1 hr', '2 hrs 30 min': a length of audio as the queue messages say it. */
export function formatQueueHours(seconds: number): string {
  const minutes = Math.ceil(Math.max(0, seconds) / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  const whole = `${hours} ${hours === 1 ? 'hr' : 'hrs'}`;
  return rest === 0 ? whole : `${whole} ${rest} min`;
}

/** 'December 3, 2026' (UTC), the day an unused upload goes. */
export function formatRemovalDate(date: Date): string {
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

export const QUEUE_STORAGE_MESSAGES = {
  /** The upload refused (402 QUEUE_STORAGE_FULL); uploadSeconds null when the queue is full before any byte is sent. */
  full: (p: { planName: string; limitSeconds: number; queuedSeconds: number; uploadSeconds: number | null }) =>
    `Your upload queue is full. The ${p.planName} plan holds ${formatQueueHours(p.limitSeconds)} of audio waiting to become episodes: ` +
    `you have ${formatQueueHours(p.queuedSeconds)} waiting` +
    `${p.uploadSeconds === null ? '' : ` and this file is ${formatQueueHours(p.uploadSeconds)}`}. ` +
    'Use or delete an upload you have, or upgrade your plan for more queue storage.',
  noticeTitle: 'Unused upload will be removed',
  notice: (p: { name: string; planName: string; heldDays: number; removeOn: Date }) =>
    `"${p.name}" has not been used in an episode. The ${p.planName} plan keeps unused uploads for ${p.heldDays} days, ` +
    `so it will be removed on ${formatRemovalDate(p.removeOn)}. Use it in an episode before then to keep it.`,
} as const;
