import { useState } from 'react';
import { Alert, Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PLANS, PRICING, planSignupHref, type TEarlyOffer, type TPendingCheckout, type TPlanKey } from '@ppp/contracts';
import { readToken } from '../../lib/session.ts';
import { keepPendingCheckout } from '../billing/billing-intent.ts';
import { useCheckout } from '../billing/use-checkout.ts';
import { PublicHeader } from '../public-shell/PublicHeader.tsx';
import { ReadableText } from '../public-shell/ReadableText.tsx';
import { PublicFooter } from '../public-shell/PublicFooter.tsx';
import { ComparisonTable } from './ComparisonTable.tsx';
import { FoundersCountdown } from './FoundersCountdown.tsx';
import { FoundersOffers } from './FoundersOffers.tsx';
import { PlanCard } from './PlanCard.tsx';
import { PricingToggles } from './PricingToggles.tsx';
import { INITIAL_PRICING_STATE, withAnnual, withMode } from './pricing-state.ts';
import { useFoundersCountdown } from './use-founders-countdown.ts';

/** The pricing page at /pricing and /subscriptions (spec 002 sections 2.15, 4 and 9). */
export function PricingPage() {
  const [state, setState] = useState(INITIAL_PRICING_STATE);
  const countdown = useFoundersCountdown();
  const checkout = useCheckout();
  // Signed in, the plan's checkout starts; signed out, the choice is kept through sign-in or register.
  const choose = (choice: TPendingCheckout & { plan_key: TPlanKey }) => {
    if (readToken()) return checkout.start(choice);
    keepPendingCheckout(choice);
    window.location.assign(planSignupHref(choice.plan_key));
  };
  const chooseOffer = (offer: TEarlyOffer) =>
    choose({ plan_key: offer.plan, billing_cycle: offer.period === 'once' ? 'lifetime' : 'founders_annual' });
  return (
    <ReadableText>
      <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
        <PublicHeader />
        <Box component="main" style={{ flex: 1 }}>
          <Container size="xl" py={{ base: 'xl', sm: 56 }}>
            <Stack gap="xl">
              <Stack gap="xs" align="center" ta="center">
                <Title order={1} fz={{ base: 32, sm: 44 }}>
                  Plans for every podcast
                </Title>
                <Text c="dimmed" size="lg" maw={640}>
                  {`Free ${PRICING.freeTrialDays}-day trial, no credit card required, cancel anytime, and a ${PRICING.moneyBackDays}-day money-back guarantee.`}
                </Text>
              </Stack>
              <FoundersCountdown parts={countdown} deadline={countdown.deadline} />
              {checkout.error && (
                <Alert color="yellow" role="alert" data-testid="checkout-error">
                  {checkout.error}
                </Alert>
              )}
              <PricingToggles
                state={state}
                onMode={(mode) => setState((s) => withMode(s, mode))}
                onAnnual={(annual) => setState((s) => withAnnual(s, annual))}
              />
              {state.mode === 'early' ? (
                <FoundersOffers ended={countdown.ended} busy={checkout.pending} onChoose={chooseOffer} />
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
                  {PLANS.map((plan) => (
                    <PlanCard
                      key={plan.key}
                      plan={plan}
                      annual={state.annual}
                      busy={checkout.pending}
                      onChoose={() =>
                        choose({
                          plan_key: plan.key,
                          billing_cycle: state.annual && plan.annualMonthlyCents !== null ? 'annual' : 'monthly',
                        })
                      }
                    />
                  ))}
                </SimpleGrid>
              )}
              <Text size="sm" c="dimmed" ta="center">
                {PRICING.minutesNote}
              </Text>
              <ComparisonTable />
            </Stack>
          </Container>
        </Box>
        <PublicFooter />
      </Box>
    </ReadableText>
  );
}
