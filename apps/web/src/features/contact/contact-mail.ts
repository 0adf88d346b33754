import { z } from 'zod';

/** Where Contact Sales messages go; the form opens the visitor's mail app addressed here. */
export const SALES_EMAIL = 'sales@podcastplusplus.com';

export const TOPICS = ['Enterprise plan', 'Founders offer', 'Billing question', 'Something else'] as const;

export const ZContactMessage = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.string().trim().min(1, 'Email is required.').pipe(z.email('Enter a valid email address')),
  company: z.string().trim().max(200),
  topic: z.enum(TOPICS),
  message: z.string().trim().min(10, 'Tell us a little more (at least 10 characters)').max(4000),
});
export type TContactMessage = z.input<typeof ZContactMessage>;

/** A mailto: link with the subject and body filled in. */
export function contactMailto(values: z.output<typeof ZContactMessage>, to: string = SALES_EMAIL): string {
  const subject = `${values.topic}: ${values.name}${values.company ? ` (${values.company})` : ''}`;
  const body = [values.message, '', `${values.name} <${values.email}>`, values.company]
    .filter((l) => l !== undefined)
    .join('\n')
    .trimEnd();
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
