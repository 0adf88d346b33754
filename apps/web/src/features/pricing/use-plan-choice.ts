import { planSignupHref, type TEarlyOffer, type TPendingCheckout, type TPlanKey } from '@ppp/contracts';
import { readToken } from '../../lib/session.ts';
import { keepPendingCheckout } from '../billing/billing-intent.ts';
import { useCheckout } from '../billing/use-checkout.ts';

export type PlanChoice = TPendingCheckout & { plan_key: TPlanKey };

/** Choosing a plan or a founders offer: signed in, its checkout starts; signed out, the choice is kept through sign-in or register. */
export function usePlanChoice() {
  const checkout = useCheckout();
  const choose = (choice: PlanChoice) => {
    if (readToken()) return checkout.start(choice);
    keepPendingCheckout(choice);
    window.location.assign(planSignupHref(choice.plan_key));
  };
  const chooseOffer = (offer: TEarlyOffer) =>
    choose({ plan_key: offer.plan, billing_cycle: offer.period === 'once' ? 'lifetime' : 'founders_annual' });
  return { choose, chooseOffer, error: checkout.error, pending: checkout.pending };
}
