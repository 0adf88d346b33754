import { afterEach, expect } from 'vitest';
import { takePolicyViolations } from './harness.ts';

// Every journey test fails if the app's Content-Security-Policy refused anything on its pages: an
// inline script or style the policy does not allow, or a source it does not list.
afterEach(() => {
  expect(takePolicyViolations()).toEqual([]);
});
