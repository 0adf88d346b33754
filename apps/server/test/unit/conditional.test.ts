import { describe, expect, it } from 'vitest';
import { etagMatches } from '../../src/http/conditional.ts';

describe('etagMatches (If-None-Match, weak comparison)', () => {
  it('matches the same tag, its weak form from a compressed answer, one of a list, and *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
  });
  it('refuses another version and a missing header', () => {
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
    expect(etagMatches('', '"abc"')).toBe(false);
  });
});
