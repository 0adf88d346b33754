import { describe, expect, it } from 'vitest';
import { skippedAutomations } from './way-forward.ts';

describe('skipped automations at step 2 (issue 37)', () => {
  it('says the retakes and Intern commands the plan skips, with the plan that has them', () => {
    expect(skippedAutomations({ flubber: 3, intern: 1, sfx: 2 }, ['flubber', 'intern', 'sfx'])).toBe(
      'Your recording has 3 retakes and 1 Intern command. Flubber and Intern come with Creator.',
    );
  });

  it('leaves out an automation the plan has or the recording does not use', () => {
    expect(skippedAutomations({ flubber: 2, intern: 1, sfx: 0 }, ['flubber'])).toBe(
      'Your recording has 2 retakes. Flubber comes with Creator.',
    );
    expect(skippedAutomations({ flubber: 0, intern: 0, sfx: 0 }, ['flubber', 'intern'])).toBeNull();
  });

  it('says nothing before detection has counted the markers', () => {
    expect(skippedAutomations(null, ['flubber', 'intern'])).toBeNull();
  });
});
