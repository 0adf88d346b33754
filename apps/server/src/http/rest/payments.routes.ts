import {
  ZBillingOverview,
  ZCheckoutRequest,
  ZCheckoutResponse,
  ZCheckoutResult,
  ZPortalResponse,
  ZSessionIdQuery,
  ZSubscription,
} from '@ppp/contracts';
import { userOf } from '../request-context.ts';
import { defineRoutes, route } from './route.ts';

/** Spec 002 §7 'Billing': plans, checkout and the portal, on the same services as the tRPC billing procedures. */
export const paymentsRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/billing/subscription',
    tag: 'billing',
    access: 'active',
    summary: 'Your plan now (plan_key), its status, renewal or cancellation dates, and whether payments are set up on this instance.',
    response: ZSubscription,
    handle: ({ ctx }) => ctx.services.subscriptions.subscription(userOf(ctx)),
  }),
  route({
    method: 'post',
    path: '/api/billing/checkout',
    tag: 'billing',
    access: 'active',
    summary:
      'A Stripe Checkout Session for a plan and billing cycle (monthly, annual, founders_annual, lifetime) or for hours of minutes (plan_key minutes); returns its URL. 501 when payments are not set up.',
    body: { schema: ZCheckoutRequest },
    response: ZCheckoutResponse,
    handle: ({ ctx, body }) => ctx.services.checkout.checkout(userOf(ctx), body),
  }),
  route({
    method: 'get',
    path: '/api/billing/checkout_result',
    tag: 'billing',
    access: 'active',
    summary: 'What a checkout session of yours bought (plan_key, billing_cycle, renewal_date, applied_credit) and whether it shows yet.',
    query: ZSessionIdQuery,
    response: ZCheckoutResult,
    handle: ({ ctx, query }) => ctx.services.checkout.checkoutResult(userOf(ctx), query.session_id),
  }),
  route({
    method: 'post',
    path: '/api/billing/force_sync_session',
    tag: 'billing',
    access: 'active',
    summary: 'Fetches your checkout session (and its subscription) from Stripe and applies it now, for when the webhook is late.',
    body: { schema: ZSessionIdQuery },
    response: ZCheckoutResult,
    handle: ({ ctx, body }) => ctx.services.checkout.forceSync(userOf(ctx), body.session_id),
  }),
  route({
    method: 'post',
    path: '/api/billing/portal',
    tag: 'billing',
    access: 'active',
    summary: 'A Stripe billing portal session URL (cards, invoices, plan changes, cancellation).',
    response: ZPortalResponse,
    handle: ({ ctx }) => ctx.services.checkout.portal(userOf(ctx)),
  }),
  route({
    method: 'post',
    path: '/api/billing/trial',
    tag: 'billing',
    access: 'active',
    summary: 'Starts the 14-day free trial of Creator (no card), once per account.',
    response: ZSubscription,
    handle: ({ ctx }) => ctx.services.subscriptions.startTrial(userOf(ctx)),
  }),
  route({
    method: 'get',
    path: '/api/admin/billing/overview',
    tag: 'admin',
    access: 'admin',
    summary:
      'Active subscriptions, trialing, canceled in the last 30 days, trials ending within 7 days, gross MRR in cents, the Stripe dashboard link.',
    response: ZBillingOverview,
    handle: ({ ctx }) => ctx.services.subscriptions.overview(),
  }),
]);
