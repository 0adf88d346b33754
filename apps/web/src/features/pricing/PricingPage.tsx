import { useState, type ReactNode } from 'react';
import { Box, Container, Stack, Text, Title } from '@mantine/core';
import { PRICING } from '@ppp/contracts';
import { PublicHeader } from '../public-shell/PublicHeader.tsx';
import { ReadableText } from '../public-shell/ReadableText.tsx';
import { PublicFooter } from '../public-shell/PublicFooter.tsx';
import { ComparisonTable } from './ComparisonTable.tsx';
import { FoundersCountdown } from './FoundersCountdown.tsx';
import { FoundersOffers } from './FoundersOffers.tsx';
import { PlanGrid } from './PlanGrid.tsx';
import { PricingToggles } from './PricingToggles.tsx';
import { INITIAL_PRICING_STATE, withAnnual, withMode } from './pricing-state.ts';
import { useFoundersCountdown } from './use-founders-countdown.ts';
import { usePlanChoice } from './use-plan-choice.ts';

/** The pricing page at /pricing and /subscriptions (spec 002 sections 2.15, 4 and 9). */
export function PricingPage() {
  const [state, setState] = useState(INITIAL_PRICING_STATE);
  const countdown = useFoundersCountdown();
  const choice = usePlanChoice();
  return (
    <PricingLayout>
      <PricingHeading />
      <FoundersCountdown parts={countdown} deadline={countdown.deadline} />
      <PricingToggles
        state={state}
        onMode={(mode) => setState((s) => withMode(s, mode))}
        onAnnual={(annual) => setState((s) => withAnnual(s, annual))}
      />
      {state.mode === 'early' ? (
        <FoundersOffers ended={countdown.ended} busyFor={choice.busyFor} errorFor={choice.errorFor} onChoose={choice.chooseOffer} />
      ) : (
        <PlanGrid annual={state.annual} busyFor={choice.busyFor} errorFor={choice.errorFor} onChoose={choice.choose} />
      )}
      <Text size="sm" c="dimmed" ta="center">
        {PRICING.minutesNote}
      </Text>
      <ComparisonTable />
    </PricingLayout>
  );
}

/** The public header and footer around the page's column. */
function PricingLayout({ children }: { children: ReactNode }) {
  return (
    <ReadableText>
      <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
        <PublicHeader />
        <Box component="main" style={{ flex: 1 }}>
          <Container size="xl" py={{ base: 'xl', sm: 56 }}>
            <Stack gap="xl">{children}</Stack>
          </Container>
        </Box>
        <PublicFooter />
      </Box>
    </ReadableText>
  );
}

function PricingHeading() {
  return (
    <Stack gap="xs" align="center" ta="center">
      <Title order={1} fz={{ base: 32, sm: 44 }}>
        Plans for every podcast
      </Title>
      <Text c="dimmed" size="lg" maw={640}>
        {`Free ${PRICING.freeTrialDays}-day trial, no credit card required, cancel anytime, and a ${PRICING.moneyBackDays}-day money-back guarantee.`}
      </Text>
    </Stack>
  );
}
