import { describe, expect, it } from 'vitest';
import { ZContactMessage, contactMailto } from './contact-mail.ts';

describe('contact form', () => {
  it('builds a mailto link with subject and body', () => {
    const values = ZContactMessage.parse({
      name: ' Ada Lovelace ',
      email: 'ada@example.com',
      company: 'Engines & Co',
      topic: 'Enterprise plan',
      message: 'We have five hosts and need a shared account.',
    });
    const url = new URL(contactMailto(values, 'sales@example.com'));
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('sales@example.com');
    expect(url.searchParams.get('subject')).toBe('Enterprise plan: Ada Lovelace (Engines & Co)');
    expect(url.searchParams.get('body')).toBe(
      'We have five hosts and need a shared account.\n\nAda Lovelace <ada@example.com>\nEngines & Co',
    );
  });

  it('explains what is missing', () => {
    const result = ZContactMessage.safeParse({ name: '', email: 'nope', company: '', topic: 'Something else', message: 'hi' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Name is required',
      'Enter a valid email address',
      'Tell us a little more (at least 10 characters)',
    ]);
  });
});
