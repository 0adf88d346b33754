import { z } from 'zod';
import { DEFAULT_LANDING_CONTENT, LANDING, LANDING_MESSAGES, clampRating } from './landing-defaults.ts';
import { ZHttpUrl } from './web-url.ts';

/**
 * Editable landing content (spec 002 sections 2.5, 3 and 5): hero HTML, reviews and FAQs with
 * their headings, and the built-in defaults every missing piece falls back to.
 */

const text = z.string().trim().max(LANDING.textMaxLength);
const optionalText = z
  .string()
  .nullish()
  .transform((v) => (v ?? '').trim())
  .pipe(z.string().max(LANDING.textMaxLength));

export const ZLandingReview = z.object({
  quote: text,
  author: text,
  role: text,
  rating: z.number().min(LANDING.ratingMin).max(LANDING.ratingMax),
  avatar_url: ZHttpUrl.max(LANDING.urlMaxLength).nullable(),
});
export type TLandingReview = z.infer<typeof ZLandingReview>;

export const ZLandingFaq = z.object({ question: text, answer: text });
export type TLandingFaq = z.infer<typeof ZLandingFaq>;

export const ZLandingContent = z.object({
  hero_html: z.string().max(LANDING.heroHtmlMaxLength),
  reviews_heading: z.string(),
  reviews_summary: z.string(),
  reviews: z.array(ZLandingReview).min(1),
  faq_heading: z.string(),
  faq_subheading: z.string(),
  faqs: z.array(ZLandingFaq).min(1),
  /** ISO time of the last admin save; null while the built-in content is shown. */
  updated_at: z.string().nullable(),
});
export type TLandingContent = z.infer<typeof ZLandingContent>;

/** What the landing editor sends: loose entries that the rules of section 5 tidy up. */
const ZReviewInput = z.object({
  quote: optionalText,
  author: optionalText,
  role: optionalText,
  rating: z.unknown().optional().transform(clampRating),
  avatar_url: z
    .string()
    .nullish()
    .transform((v) => (v ?? '').trim())
    .pipe(z.union([z.literal(''), ZHttpUrl.max(LANDING.urlMaxLength)]))
    .transform((v) => v || null),
});
const ZFaqInput = z.object({ question: optionalText, answer: optionalText });
const heading = z
  .string()
  .nullish()
  .transform((v) => (v ?? '').trim())
  .pipe(z.string().max(LANDING.textMaxLength));

const reviewIsFilled = (r: z.output<typeof ZReviewInput>) => Boolean(r.quote || r.author || r.role || r.avatar_url);
const faqIsFilled = (f: z.output<typeof ZFaqInput>) => Boolean(f.question || f.answer);

/**
 * PUT /api/admin/landing. Entries with nothing filled are dropped; at least one review and one FAQ
 * must remain; empty headings and an empty hero fall back to the defaults. The server sanitises the
 * hero HTML after this parse.
 */
export const ZLandingContentUpdate = z.object({
  hero_html: z
    .string()
    .nullish()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(LANDING.heroHtmlMaxLength))
    .transform((v) => v || DEFAULT_LANDING_CONTENT.hero_html),
  reviews_heading: heading.transform((v) => v || DEFAULT_LANDING_CONTENT.reviews_heading),
  reviews_summary: heading.transform((v) => v || DEFAULT_LANDING_CONTENT.reviews_summary),
  reviews: z
    .array(ZReviewInput)
    .max(LANDING.maxReviews)
    .prefault([])
    .transform((list) => list.filter(reviewIsFilled))
    .refine((list) => list.length > 0, LANDING_MESSAGES.atLeastOneReview),
  faq_heading: heading.transform((v) => v || DEFAULT_LANDING_CONTENT.faq_heading),
  faq_subheading: heading.transform((v) => v || DEFAULT_LANDING_CONTENT.faq_subheading),
  faqs: z
    .array(ZFaqInput)
    .max(LANDING.maxFaqs)
    .prefault([])
    .transform((list) => list.filter(faqIsFilled))
    .refine((list) => list.length > 0, LANDING_MESSAGES.atLeastOneFaq),
});
export type TLandingContentUpdate = z.input<typeof ZLandingContentUpdate>;
export type TLandingContentUpdateParsed = z.output<typeof ZLandingContentUpdate>;

/** A published episode on the landing page (spec 002 section 2.5). */
export const ZPublicEpisode = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  cover_url: z.string().nullable(),
  final_audio_url: z.string(),
});
export type TPublicEpisode = z.infer<typeof ZPublicEpisode>;

export const ZPublicEpisodes = z.object({ items: z.array(ZPublicEpisode) });
export type TPublicEpisodes = z.infer<typeof ZPublicEpisodes>;
