import { randomBytes } from 'node:crypto';
import {
  StripeApiError,
  idFor,
  list,
  missing,
  now,
  record,
  required,
  str,
  addInterval,
  type Json,
  type Params,
} from './stripe-stand-in-basics.ts';

/**
 * The Stripe objects the stand-in keeps (customers, products, prices, Checkout Sessions,
 * subscriptions, billing portal sessions) and what happens to them when a session is paid or a
 * subscription cancelled, with the events Stripe would send for it.
 */
export function stripeObjects(baseUrl: () => string) {
  const customers = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const products = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const portals = new Map<string, Json>();

  const envelope = (data: Json[], url: string) => ({ object: 'list', data, has_more: false, url });

  function createCustomer(params: Params): Json {
    const customer = {
      id: idFor('cus'),
      object: 'customer',
      created: now(),
      email: str(params.email) ?? null,
      livemode: false,
      metadata: record(params.metadata),
    };
    customers.set(String(customer.id), customer);
    return customer;
  }

  function createProduct(params: Params): Json {
    const name = str(params.name);
    if (!name) throw required('name');
    const product = {
      id: str(params.id) ?? idFor('prod'),
      object: 'product',
      active: true,
      created: now(),
      updated: now(),
      name,
      description: null,
      default_price: null,
      livemode: false,
      metadata: record(params.metadata),
    };
    products.set(String(product.id), product);
    return product;
  }

  function createPrice(params: Params): Json {
    const product = str(params.product);
    if (!product) throw required('product');
    if (!products.has(product)) throw missing('product', product, 'product');
    const currency = str(params.currency);
    if (!currency) throw required('currency');
    const recurring = params.recurring && typeof params.recurring === 'object' ? record(params.recurring) : null;
    const lookupKey = str(params.lookup_key) ?? null;
    if (lookupKey && [...prices.values()].some((p) => p.lookup_key === lookupKey)) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: `A price (\`${lookupKey}\`) already uses that lookup key.`,
        param: 'lookup_key',
      });
    }
    const amount = Number(params.unit_amount);
    const price = {
      id: idFor('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: now(),
      currency,
      livemode: false,
      lookup_key: lookupKey,
      metadata: record(params.metadata),
      nickname: null,
      product,
      recurring: recurring
        ? { interval: recurring.interval ?? 'month', interval_count: 1, trial_period_days: null, usage_type: 'licensed' }
        : null,
      tax_behavior: 'unspecified',
      type: recurring ? 'recurring' : 'one_time',
      unit_amount: amount,
      unit_amount_decimal: String(amount),
    };
    prices.set(price.id, price);
    return price;
  }

  function listPrices(params: Params): Json {
    const keys = list(params.lookup_keys).map(String);
    const active = params.active === undefined ? null : params.active === 'true';
    const data = [...prices.values()].filter(
      (p) => (keys.length === 0 || keys.includes(String(p.lookup_key))) && (active === null || p.active === active),
    );
    return envelope(data.slice(0, Number(params.limit ?? 10)), '/v1/prices');
  }

  function createSession(params: Params): Json {
    const mode = str(params.mode);
    if (!mode) throw required('mode');
    const successUrl = str(params.success_url);
    if (!successUrl) throw required('success_url');
    const items = list(params.line_items).map((item) => record(item));
    if (items.length === 0) throw required('line_items');
    const customer = str(params.customer) ?? null;
    if (customer && !customers.has(customer)) throw missing('customer', customer, 'customer');
    let amount = 0;
    const lineItems = items.map((item, index) => {
      const priceId = item.price ?? '';
      const price = prices.get(priceId);
      if (!price) throw missing('price', priceId, `line_items[${index}][price]`);
      const quantity = Number(item.quantity ?? 1);
      amount += Number(price.unit_amount) * quantity;
      return { price, quantity };
    });
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const session = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: str(params.cancel_url) ?? null,
      client_reference_id: str(params.client_reference_id) ?? null,
      created: now(),
      currency: String(lineItems[0]?.price.currency ?? 'usd'),
      customer,
      expires_at: Number(params.expires_at ?? now() + 24 * 3600),
      livemode: false,
      metadata: record(params.metadata),
      mode,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: successUrl,
      url: `${baseUrl()}/c/pay/${id}`,
    };
    sessions.set(id, session);
    const subscriptionData =
      params.subscription_data && typeof params.subscription_data === 'object' ? (params.subscription_data as Params) : {};
    lineItemsOf.set(id, { items: lineItems, subscriptionMetadata: record(subscriptionData.metadata) });
    return session;
  }
  const lineItemsOf = new Map<string, { items: { price: Json; quantity: number }[]; subscriptionMetadata: Record<string, string> }>();

  function createSubscription(session: Json): Json {
    const line = lineItemsOf.get(String(session.id))?.items[0];
    if (!line) throw new Error('session without items');
    const start = now();
    const interval = String((line.price.recurring as Json | null)?.interval ?? 'month');
    const id = idFor('sub');
    const sub = {
      id,
      object: 'subscription',
      billing_cycle_anchor: start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      created: start,
      currency: line.price.currency,
      customer: session.customer,
      ended_at: null,
      items: {
        object: 'list',
        data: [
          {
            id: idFor('si'),
            object: 'subscription_item',
            created: start,
            current_period_start: start,
            current_period_end: addInterval(start, interval),
            price: line.price,
            quantity: line.quantity,
            subscription: id,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: lineItemsOf.get(String(session.id))?.subscriptionMetadata ?? {},
      start_date: start,
      status: 'active',
    };
    subscriptions.set(id, sub);
    return sub;
  }

  function invoiceFor(sub: Json): Json {
    const item = (sub.items as { data: Json[] }).data[0];
    const amount = Number((item?.price as Json).unit_amount) * Number(item?.quantity ?? 1);
    return {
      id: idFor('in'),
      object: 'invoice',
      amount_due: amount,
      amount_paid: amount,
      currency: sub.currency,
      customer: sub.customer,
      created: now(),
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: sub.metadata, subscription: sub.id } },
      status: 'paid',
    };
  }

  function event(type: string, object: Json, created = now()): Json {
    return {
      id: idFor('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  function pay(sessionId: string): Json[] {
    const session = sessions.get(sessionId);
    if (!session) throw missing('checkout.session', sessionId);
    if (session.status !== 'open') return [];
    session.status = 'complete';
    session.payment_status = 'paid';
    const events: Json[] = [];
    if (session.mode === 'subscription') {
      const sub = createSubscription(session);
      session.subscription = sub.id;
      events.push(event('customer.subscription.created', structuredClone(sub)), event('invoice.paid', invoiceFor(sub)));
    } else {
      session.payment_intent = idFor('pi');
    }
    events.unshift(event('checkout.session.completed', structuredClone(session)));
    return events;
  }

  function cancel(subscriptionId: string, when: 'period_end' | 'now'): Json {
    const sub = subscriptions.get(subscriptionId);
    if (!sub) throw missing('subscription', subscriptionId);
    const periodEnd = Number((sub.items as { data: Json[] }).data[0]?.current_period_end);
    if (when === 'period_end') {
      sub.cancel_at_period_end = true;
      sub.cancel_at = periodEnd;
      return event('customer.subscription.updated', structuredClone(sub));
    }
    sub.status = 'canceled';
    sub.canceled_at = now();
    sub.ended_at = now();
    return event('customer.subscription.deleted', structuredClone(sub));
  }

  function createPortal(params: Params): Json {
    const customer = str(params.customer);
    if (!customer) throw required('customer');
    if (!customers.has(customer)) throw missing('customer', customer, 'customer');
    const portalId = idFor('bps');
    const portal = {
      id: portalId,
      object: 'billing_portal.session',
      configuration: 'bpc_standin',
      created: now(),
      customer,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: str(params.return_url) ?? null,
      url: `${baseUrl()}/p/session/${portalId}`,
    };
    portals.set(portalId, portal);
    return portal;
  }

  return {
    customers,
    prices,
    products,
    sessions,
    subscriptions,
    portals,
    lineItemsOf,
    envelope,
    createCustomer,
    createProduct,
    createPrice,
    listPrices,
    createSession,
    pay,
    cancel,
    event,
    createPortal,
  };
}
export type StripeObjects = ReturnType<typeof stripeObjects>;
