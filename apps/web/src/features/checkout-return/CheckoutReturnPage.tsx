import { useEffect, useState } from 'react';
import { Anchor, Button, Loader, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { MESSAGES, PAYMENTS, PAYMENTS_MESSAGES } from '@ppp/contracts';
import { CenteredCard } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { useFinalizeCheckout, useUserRefresh } from './use-finalize-checkout.ts';
import { takeCheckoutReturn } from '../billing/billing-intent.ts';

/**
 * Back from Stripe Checkout (?checkout=success&session_id=…, spec 002 §2.2 step 5 and §4): 'Finalizing
 * your purchase...' while the purchase is confirmed, then the Subscription view with the new plan and
 * a clean URL (or the Episode Creator, when its Upgrade Plan or Buy Minutes led to this checkout);
 * 'Upgrade Pending' when it has not arrived after every retry; after 8 s, a way to sign in.
 */
export function CheckoutReturnPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [showLink, setShowLink] = useState(false);
  const outcome = useFinalizeCheckout(sessionId);
  useUserRefresh();

  useEffect(() => {
    const link = window.setTimeout(() => setShowLink(true), PAYMENTS.manualLinkAfterMs);
    return () => window.clearTimeout(link);
  }, []);

  const applied = outcome?.state === 'applied';
  useEffect(() => {
    if (!applied) return;
    void Promise.all([utils.billing.subscription.invalidate(), utils.billing.usage.invalidate()]).then(() =>
      // Back where billing was asked for (the Episode Creator, with its episode kept in this tab), else the Subscription view.
      navigate(takeCheckoutReturn() ?? PAYMENTS.subscriptionPath, { replace: true }),
    );
  }, [applied, utils, navigate]);

  if (outcome?.state === 'pending') {
    return (
      <CenteredCard title={PAYMENTS_MESSAGES.upgradePending}>
        <Text role="status">{PAYMENTS_MESSAGES.upgradePendingBody}</Text>
        <Button onClick={() => void navigate(PAYMENTS.subscriptionPath, { replace: true })}>Open Subscription</Button>
      </CenteredCard>
    );
  }
  return (
    <CenteredCard title={MESSAGES.finalizingPurchase}>
      <Loader size="sm" aria-hidden="true" />
      <Text c="dimmed" role="status">
        We are confirming your purchase. This usually takes a few seconds.
      </Text>
      {showLink && (
        <Text>
          Taking too long? <Anchor href="/?login=1">Sign in to continue</Anchor>
        </Text>
      )}
    </CenteredCard>
  );
}
