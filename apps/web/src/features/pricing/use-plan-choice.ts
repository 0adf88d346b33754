import { useState } from 'react';
import { planSignupHref, type TEarlyOffer, type TPendingCheckout, type TPlanKey } from '@ppp/contracts';
import { readToken } from '../../lib/session.ts';
import { keepPendingCheckout } from '../billing/billing-intent.ts';
import { useCheckout } from '../billing/use-checkout.ts';

export type PlanChoice = TPendingCheckout & { plan_key: TPlanKey };

/** Choosing a plan or a founders offer: signed in, its checkout starts; signed out, the choice is kept through sign-in or register. */
export function usePlanChoice() {
  const checkout = useCheckout();
  // The card whose button was pressed (a plan key or an offer key): its checkout's refusal is shown there, beside it (issue 35).
  const [pressed, setPressed] = useState<string | null>(null);
  const start = (choice: PlanChoice, key: string) => {
    setPressed(key);
    if (readToken()) return checkout.start(choice);
    keepPendingCheckout(choice);
    window.location.assign(planSignupHref(choice.plan_key));
  };
  const choose = (choice: PlanChoice) => start(choice, choice.plan_key);
  const chooseOffer = (offer: TEarlyOffer) =>
    start({ plan_key: offer.plan, billing_cycle: offer.period === 'once' ? 'lifetime' : 'founders_annual' }, offer.key);
  return {
    choose,
    chooseOffer,
    /** Whether the card of `key` is the one whose checkout is starting. */
    busyFor: (key: string) => checkout.pending && pressed === key,
    /** The refusal of the checkout the card of `key` started, shown under its button. */
    errorFor: (key: string) => (pressed === key ? checkout.error : null),
  };
}
