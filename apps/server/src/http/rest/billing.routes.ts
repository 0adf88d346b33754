import { ZMinutesPrecheck, ZMinutesPrecheckRequest, ZTierConfig, ZTierConfigUpdate, ZUsage } from '@ppp/contracts';
import { userOf } from '../request-context.ts';
import { defineRoutes, route } from './route.ts';
import { editsIn } from '../workspace.ts';

/** Processing minutes, the episode quota and the tier table (spec 000 §7, spec 002 §7). */
export const billingRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/billing/usage',
    tag: 'billing',
    access: 'active',
    summary:
      "This month's processing minutes and episodes against your tier's maximums (null is unlimited); renewal_date is when they reset.",
    response: ZUsage,
    handle: ({ ctx }) => ctx.services.usage.usage(userOf(ctx)),
  }),
  route({
    method: 'post',
    path: '/api/episodes/precheck/minutes',
    workspace: editsIn(),
    tag: 'billing',
    access: 'active',
    summary:
      'Minutes an assembly of this template and upload needs (rounded-up seconds / 60, at least 1) against those left; 402 INSUFFICIENT_MINUTES with the same fields when it would not fit.',
    body: { schema: ZMinutesPrecheckRequest },
    response: ZMinutesPrecheck,
    handle: ({ ctx, body }) => ctx.services.usage.precheckOrThrow(userOf(ctx), body),
  }),
  route({
    method: 'get',
    path: '/api/admin/tiers',
    tag: 'admin',
    access: 'admin',
    summary: 'The tier table: tiers and features (key, label, type boolean or number, values per tier; null is unlimited).',
    response: ZTierConfig,
    handle: ({ ctx }) => ctx.services.tiers.config(),
  }),
  route({
    method: 'put',
    path: '/api/admin/tiers',
    tag: 'admin',
    access: 'admin',
    summary: 'Change tier values; features and tiers left out keep theirs. Unlimited is implicit and not editable.',
    body: { schema: ZTierConfigUpdate },
    response: ZTierConfig,
    handle: ({ ctx, body }) => ctx.services.tiers.update(body),
  }),
]);
