import { describe, expect, it } from 'vitest';
import { cheapestPlanWith, skippedAutomationsText } from '../src/index.ts';

describe('the skipped automations said at step 2 (issue 37)', () => {
  it('names the markers of each locked automation and the plan that has them all', () => {
    const plan = cheapestPlanWith(['flubber', 'intern']);
    expect(plan?.name).toBe('Creator');
    expect(skippedAutomationsText({ flubber: 3, intern: 1 }, ['flubber', 'intern'], 'Creator')).toBe(
      'Your recording has 3 retakes and 1 Intern command. Flubber and Intern come with Creator.',
    );
  });

  it('says only what the recording has: one automation, singular and plural', () => {
    expect(skippedAutomationsText({ flubber: 1, intern: 0 }, ['flubber', 'intern'], 'Creator')).toBe(
      'Your recording has 1 retake. Flubber comes with Creator.',
    );
    expect(skippedAutomationsText({ flubber: 0, intern: 2 }, ['intern'], 'Pro')).toBe(
      'Your recording has 2 Intern commands. Intern comes with Pro.',
    );
  });

  it('says nothing when no locked automation was said, or when nothing is locked', () => {
    expect(skippedAutomationsText({ flubber: 0, intern: 0 }, ['flubber', 'intern'], 'Creator')).toBeNull();
    expect(skippedAutomationsText({ flubber: 4, intern: 2 }, [], 'Creator')).toBeNull();
  });

  it('finds no plan for a feature no plan has, and the cheapest one otherwise', () => {
    expect(cheapestPlanWith(['uploadRecord'])?.name).toBe('Starter');
    expect(cheapestPlanWith(['multiUser'])?.name).toBe('Enterprise');
  });
});
