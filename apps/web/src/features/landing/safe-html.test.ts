import { describe, expect, it } from 'vitest';
import { DROPPED_TAGS, HERO_TAGS, safeHref } from './safe-html.ts';

describe('hero HTML allowlist', () => {
  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    ['http://example.com', 'http://example.com'],
    ['mailto:hi@example.com', 'mailto:hi@example.com'],
    ['/pricing', '/pricing'],
    ['#faq', '#faq'],
    ['javascript:alert(1)', undefined],
    [' JAVASCRIPT:alert(1)', undefined],
    ['data:text/html,<b>x</b>', undefined],
    ['//evil.example', undefined],
    [null, undefined],
  ])('href %s -> %s', (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });

  it('keeps formatting tags and never scripts', () => {
    expect(HERO_TAGS.has('h1')).toBe(true);
    expect(HERO_TAGS.has('script')).toBe(false);
    expect(HERO_TAGS.has('img')).toBe(false);
    expect(DROPPED_TAGS.has('script')).toBe(true);
  });
});
