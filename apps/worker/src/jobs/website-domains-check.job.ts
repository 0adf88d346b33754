import type { JobDefinition } from './job.ts';

/**
 * Issue 35: custom domains checked again, every site with one on the hourly schedule (proof once a
 * day for verified ones, every run for pending ones; the plan and its grace period every run), one
 * account's on a plan change. Safe to run twice: it writes what it finds, notices once per key.
 */
export const websiteDomainsCheckJob: JobDefinition<'website.domains-check'> = {
  name: 'website.domains-check',
  retryLimit: 3,
  retryBackoff: true,
  expireInSeconds: 900,
  async handle({ user_id }, { services, log }) {
    const checked = await services.customDomains.recheck(user_id);
    log(`website.domains-check: ${checked} custom domain(s) checked${user_id ? ` for ${user_id}` : ''}`);
    return { checked };
  },
};
