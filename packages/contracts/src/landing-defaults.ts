/**
 * The landing page's limits, messages and built-in content, without Zod: the landing page is the
 * first thing a visitor downloads, and it needs these but none of the schemas in landing.ts.
 */
import type { TLandingContent } from './landing.ts';

export const LANDING = {
  /** 'Review rating clamped to 0-5, one decimal'; 'default 5'. */
  ratingMin: 0,
  ratingMax: 5,
  ratingDefault: 5,
  /** Not in the spec: bounds that keep one settings row small. */
  maxReviews: 24,
  maxFaqs: 40,
  heroHtmlMaxLength: 20_000,
  textMaxLength: 2_000,
  urlMaxLength: 2_000,
  /** Not in the spec: how many recent published episodes the landing page plays, and their notes' length. */
  recentEpisodes: 6,
  episodeNotesChars: 280,
} as const;

export const LANDING_MESSAGES = {
  atLeastOneReview: 'At least one review must remain.',
  atLeastOneFaq: 'At least one FAQ must remain.',
  loadFailed: 'Failed to load landing page content',
  saveFailed: 'Failed to save landing page content',
} as const;

/** 0-5 with one decimal; anything that is not a number becomes the default 5. */
export function clampRating(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return LANDING.ratingDefault;
  const clamped = Math.min(LANDING.ratingMax, Math.max(LANDING.ratingMin, n));
  return Math.round(clamped * 10) / 10;
}

export const DEFAULT_HERO_HTML =
  '<h1>Your podcast, produced in minutes</h1>' +
  '<p>Record or upload, let spoken commands and templates do the editing, and publish to 20+ platforms. ' +
  'Join over 10,000 podcasters.</p>';

export const DEFAULT_LANDING_CONTENT: TLandingContent = {
  hero_html: DEFAULT_HERO_HTML,
  reviews_heading: 'Loved by podcasters',
  reviews_summary: 'Rated 4.9 out of 5 by creators who publish every week.',
  reviews: [
    {
      quote: 'I say "Flubber" when I trip over a line and the retake is simply gone. Editing went from an evening to a coffee break.',
      author: 'Maya Thompson',
      role: 'Host, The Weekly Tinker',
      rating: 5,
      avatar_url: null,
    },
    {
      quote: 'Templates add my intro, outro and music bed every time, and the episode goes out on schedule without me touching it.',
      author: 'Daniel Ortiz',
      role: 'Producer, Small Business Hours',
      rating: 5,
      avatar_url: null,
    },
    {
      quote: 'Setup took five minutes. My first episode was live on every platform the same afternoon.',
      author: 'Priya Natarajan',
      role: 'Creator, Notes from the Lab',
      rating: 4.8,
      avatar_url: null,
    },
  ],
  faq_heading: 'Frequently asked questions',
  faq_subheading: 'Everything you need to know before your first episode.',
  faqs: [
    {
      question: 'Is there a free trial?',
      answer: 'Yes. Every plan starts with a 14-day free trial, and no credit card is required.',
    },
    {
      question: 'What if it is not right for me?',
      answer: 'You can cancel anytime, and a 30-day money-back guarantee covers your first payment.',
    },
    {
      question: 'Do I need editing experience?',
      answer: 'No. Setup takes about five minutes, and spoken commands do the fiddly cuts for you.',
    },
    {
      question: 'Where does my podcast get published?',
      answer: 'To your podcast host, and from there to 20+ distribution platforms, on a schedule you choose.',
    },
    {
      question: 'Who is Podcast Plus Plus for?',
      answer: 'Podcasters of every size: over 10,000 podcasters already make their episodes with it.',
    },
  ],
  updated_at: null,
};
