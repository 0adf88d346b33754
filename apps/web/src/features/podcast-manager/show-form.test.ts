import { describe, expect, it } from 'vitest';
import { PODCAST_MESSAGES } from '@ppp/contracts';
import { CATEGORY_OPTIONS, LANGUAGE_OPTIONS, deleteConfirmed, hostIdChangeNeedsConfirm, nameError, showIdError } from './show-form.ts';

describe('show form rules', () => {
  it('uses the spec’s messages', () => {
    expect(nameError(' abc ')).toBe(PODCAST_MESSAGES.nameMin);
    expect(nameError('Tech Talk')).toBeNull();
    expect(showIdError('12a')).toBe(PODCAST_MESSAGES.mustBeNumeric);
    expect(showIdError('4925442')).toBeNull();
    expect(deleteConfirmed('Delete ')).toBe(true);
    expect(deleteConfirmed('remove')).toBe(false);
  });
  it('offers the 17 languages and Apple’s categories with subcategories', () => {
    expect(LANGUAGE_OPTIONS).toHaveLength(17);
    expect(CATEGORY_OPTIONS.find((g) => g.group === 'Arts')?.items.map((i) => i.value)).toContain('Arts > Books');
  });
  it('asks to confirm only a change of a linked show ID', () => {
    expect(hostIdChangeNeedsConfirm({ spreaker_show_id: null }, '123')).toBe(false);
    expect(hostIdChangeNeedsConfirm({ spreaker_show_id: '123' }, '123')).toBe(false);
    expect(hostIdChangeNeedsConfirm({ spreaker_show_id: '123' }, '456')).toBe(true);
  });
});
