import { useState } from 'react';
import { MESSAGES, type TCheckoutRequestInput } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';

/**
 * Starts a Stripe Checkout for a plan or for minutes and leaves for its page; the server's words
 * when it cannot (payments not set up on this instance, Starter has no annual price, ...).
 */
export function useCheckout(): { start(request: TCheckoutRequestInput): void; pending: boolean; error: string | null } {
  const checkout = trpc.billing.checkout.useMutation();
  const [error, setError] = useState<string | null>(null);
  return {
    start(request) {
      setError(null);
      checkout.mutate(request, {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (err) => setError(messageOf(err, MESSAGES.unexpected)),
      });
    },
    pending: checkout.isPending,
    error,
  };
}
