import { describe, expect, it } from 'vitest';
import { notifyChoices, pendingAddresses } from './notify-addresses.ts';

const items = [
  { email: 'producer@example.com', own: false, verified: true },
  { email: 'me@example.com', own: true, verified: true },
  { email: 'waiting@example.com', own: false, verified: false },
];

describe('notification address choices', () => {
  it('offers the own address first, then the verified ones, never one waiting for its code', () => {
    expect(notifyChoices(items, 'me@example.com').map((c) => c.value)).toEqual(['me@example.com', 'producer@example.com']);
  });

  it('keeps the current value listed while the addresses load', () => {
    expect(notifyChoices([], 'me@example.com')).toEqual([{ value: 'me@example.com', label: 'me@example.com' }]);
  });

  it('lists the addresses still waiting for their code', () => {
    expect(pendingAddresses(items)).toEqual(['waiting@example.com']);
  });
});
