import { useEffect, useState } from 'react';
import { Anchor, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@ppp/contracts';
import { CenteredCard } from '@ppp/ui';

/** The user is refreshed every 750 ms; after 8 seconds a manual way to sign in appears (spec 002 section 4). */
const REFRESH_MS = 750;
const MAX_REFRESHES = 9;
const MANUAL_LINK_AFTER_MS = 8_000;

export function CheckoutReturnPage() {
  const queryClient = useQueryClient();
  const [showLink, setShowLink] = useState(false);

  useEffect(() => {
    let count = 0;
    const refresh = window.setInterval(() => {
      count += 1;
      void queryClient.invalidateQueries();
      if (count >= MAX_REFRESHES) window.clearInterval(refresh);
    }, REFRESH_MS);
    const link = window.setTimeout(() => setShowLink(true), MANUAL_LINK_AFTER_MS);
    return () => {
      window.clearInterval(refresh);
      window.clearTimeout(link);
    };
  }, [queryClient]);

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
