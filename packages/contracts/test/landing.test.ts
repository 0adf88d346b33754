import { describe, expect, it } from 'vitest';
import { DEFAULT_LANDING_CONTENT, LANDING_MESSAGES, ZLandingContent, ZLandingContentUpdate, clampRating } from '../src/index.ts';

const review = { quote: 'Great', author: 'Ann', role: 'Host', rating: 5, avatar_url: null };
const faq = { question: 'Q?', answer: 'A.' };

describe('clampRating', () => {
  it.each([
    [5, 5],
    [7, 5],
    [-1, 0],
    [4.86, 4.9],
    [4.84, 4.8],
    ['3.25', 3.3],
    [undefined, 5],
    [null, 5],
    ['', 5],
    ['abc', 5],
    [Number.NaN, 5],
  ])('%s -> %s', (input, expected) => {
    expect(clampRating(input)).toBe(expected);
  });
});

describe('built-in landing content', () => {
  it('has 3 reviews and 5 FAQs, among them the 14-day trial and 30-day money-back', () => {
    expect(ZLandingContent.parse(DEFAULT_LANDING_CONTENT)).toEqual(DEFAULT_LANDING_CONTENT);
    expect(DEFAULT_LANDING_CONTENT.reviews).toHaveLength(3);
    expect(DEFAULT_LANDING_CONTENT.faqs).toHaveLength(5);
    const answers = DEFAULT_LANDING_CONTENT.faqs.map((f) => f.answer).join(' ');
    expect(answers).toContain('14-day free trial');
    expect(answers).toContain('30-day money-back');
  });
});

describe('ZLandingContentUpdate (landing editor rules)', () => {
  it('drops entries with nothing filled and clamps ratings', () => {
    const parsed = ZLandingContentUpdate.parse({
      reviews: [
        { ...review, rating: 9 },
        { quote: ' ', author: '', role: '', rating: 3, avatar_url: '' },
        { author: 'Bo', rating: '2.345' },
      ],
      faqs: [faq, { question: '', answer: '   ' }],
    });
    expect(parsed.reviews).toEqual([
      { ...review, rating: 5 },
      { quote: '', author: 'Bo', role: '', rating: 2.3, avatar_url: null },
    ]);
    expect(parsed.faqs).toEqual([faq]);
  });

  it('empty headings and an empty hero fall back to the defaults', () => {
    const parsed = ZLandingContentUpdate.parse({
      hero_html: '  ',
      reviews_heading: '',
      reviews_summary: null,
      faq_heading: '   ',
      faq_subheading: 'Custom',
      reviews: [review],
      faqs: [faq],
    });
    expect(parsed).toMatchObject({
      hero_html: DEFAULT_LANDING_CONTENT.hero_html,
      reviews_heading: DEFAULT_LANDING_CONTENT.reviews_heading,
      reviews_summary: DEFAULT_LANDING_CONTENT.reviews_summary,
      faq_heading: DEFAULT_LANDING_CONTENT.faq_heading,
      faq_subheading: 'Custom',
    });
  });

  it('at least one review and one FAQ must remain', () => {
    const noReviews = ZLandingContentUpdate.safeParse({ reviews: [{ quote: '' }], faqs: [faq] });
    expect(noReviews.success).toBe(false);
    expect(noReviews.error?.issues[0]?.message).toBe(LANDING_MESSAGES.atLeastOneReview);
    const noFaqs = ZLandingContentUpdate.safeParse({ reviews: [review] });
    expect(noFaqs.error?.issues[0]?.message).toBe(LANDING_MESSAGES.atLeastOneFaq);
  });
});
