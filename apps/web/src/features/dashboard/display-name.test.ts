import { describe, expect, it } from 'vitest';
import { displayName } from './display-name.ts';

describe('displayName', () => {
  it('prefers the first name, then the name, then the email', () => {
    expect(displayName({ first_name: ' Ada ', name: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Ada');
    expect(displayName({ first_name: null, name: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(displayName({ first_name: '', name: null, email: 'ada@example.com' })).toBe('ada');
  });
});
