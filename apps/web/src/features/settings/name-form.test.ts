import { describe, expect, it } from 'vitest';
import { ZNameForm, MESSAGES } from '@ppp/contracts';
import { nameChanged, nameValuesOf } from './name-form.ts';

describe('name form', () => {
  it('is unchanged until a trimmed value differs', () => {
    const saved = nameValuesOf({ first_name: 'Ada', last_name: null });
    expect(saved).toEqual({ first_name: 'Ada', last_name: '' });
    expect(nameChanged(saved, { first_name: ' Ada ', last_name: '' })).toBe(false);
    expect(nameChanged(saved, { first_name: 'Ada', last_name: 'L' })).toBe(true);
  });

  it('requires a first name with the spec wording', () => {
    const result = ZNameForm.safeParse({ first_name: '  ', last_name: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.firstNameRequired);
  });
});
