import { describe, expect, it } from 'vitest';
import { DEMO_PUBLISH_DAYS, DEMO_STEPS, demoBack, demoNext, isLastDemoStep } from './demo-steps.ts';

describe('the demo wizard', () => {
  it('has three steps: a show name, artwork, a publish day of Mon, Wed or Fri', () => {
    expect(DEMO_STEPS.map((s) => s.title)).toEqual(['Pick a show name', 'Add artwork', 'Choose a publish day']);
    expect(DEMO_STEPS.every((s) => s.tip.length > 0)).toBe(true);
    expect(DEMO_PUBLISH_DAYS).toEqual(['Mon', 'Wed', 'Fri']);
  });

  it('moves between the three steps; every step is valid as it is, so nothing blocks Next', () => {
    expect([demoNext(0), demoNext(1), demoNext(2)]).toEqual([1, 2, 2]);
    expect([demoBack(0), demoBack(2)]).toEqual([0, 1]);
    expect([0, 1, 2].map(isLastDemoStep)).toEqual([false, false, true]);
  });
});
