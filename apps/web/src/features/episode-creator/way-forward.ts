import { cheapestPlanWith, skippedAutomationsText, type TSkippableAutomation } from '@ppp/contracts';
import { INTENT_FEATURES } from './creator-rules.ts';
import type { IntentCounts, IntentKey } from './creator-state.ts';

const SKIPPABLE: readonly TSkippableAutomation[] = ['flubber', 'intern'];

/**
 * What step 2 says when the recording has Flubber or Intern markers the plan does not include
 * (issue 37): the counts and the cheapest plan with every skipped automation; null when nothing is skipped.
 */
export function skippedAutomations(counts: IntentCounts | null, locked: readonly IntentKey[]): string | null {
  if (!counts) return null;
  const skipped = SKIPPABLE.filter((key) => locked.includes(key) && counts[key] > 0);
  const plan = cheapestPlanWith(skipped.map((key) => INTENT_FEATURES[key]));
  if (!plan) return null;
  return skippedAutomationsText(counts, skipped, plan.name);
}
