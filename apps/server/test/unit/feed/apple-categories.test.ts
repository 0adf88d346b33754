import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { APPLE_PODCAST_CATEGORIES } from '@ppp/contracts';

// podcast-partytime keeps its own copy of Apple's category tree; the two must name the same categories.
const { itunesCategoriesSourceOfTruth } = createRequire(import.meta.url)('podcast-partytime/dist/parser/itunes-categories') as {
  itunesCategoriesSourceOfTruth: { name: string; subCategories: string[] }[];
};

describe('Apple category list', () => {
  it("matches the Podcast Index parser's list of Apple categories", () => {
    const ours = APPLE_PODCAST_CATEGORIES.map((c) => `${c.name}: ${[...c.subcategories].join(', ')}`).sort();
    const theirs = itunesCategoriesSourceOfTruth.map((c) => `${c.name}: ${c.subCategories.join(', ')}`).sort();
    expect(ours).toEqual(theirs);
  });
});
