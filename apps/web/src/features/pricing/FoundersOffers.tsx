import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CheckoutError } from './PlanCard.tsx';
import { FOUNDERS_OFFERS, PRICING, formatDollars, formatOfferPrice, type TEarlyOffer } from '@ppp/contracts';

/** The offer's button: ended, a link for the monthly offer, else the one that starts its checkout. */
function OfferAction({ offer, ended, busy, onChoose }: { offer: TEarlyOffer; ended: boolean; busy: boolean; onChoose(): void }) {
  if (ended)
    return (
      <Button mt="auto" disabled fullWidth>
        {PRICING.offerEnded}
      </Button>
    );
  if (offer.period === 'month')
    return (
      <Button component="a" href={offer.cta.href} mt="auto" fullWidth variant="light">
        {offer.cta.label}
      </Button>
    );
  return (
    <Button mt="auto" fullWidth variant="light" loading={busy} onClick={onChoose}>
      {offer.cta.label}
    </Button>
  );
}

function OfferCard({
  offer,
  ended,
  onChoose,
  busy,
  error,
}: {
  offer: TEarlyOffer;
  ended: boolean;
  onChoose(): void;
  busy: boolean;
  error: string | null;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-labelledby={`offer-${offer.key}`}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4" id={`offer-${offer.key}`}>
            {offer.title}
          </Title>
          <Badge color={ended ? 'gray.8' : 'violet.8'}>{ended ? PRICING.offerEnded : offer.badge}</Badge>
        </Group>
        <Group gap="xs" align="baseline">
          <Text fz={32} fw={800} lh={1.1}>
            {formatOfferPrice(offer)}
          </Text>
          {offer.normallyCents !== null && (
            <Text c="dimmed" td="line-through" aria-label={`normally ${formatDollars(offer.normallyCents)}`}>
              {formatDollars(offer.normallyCents)}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {offer.note}
        </Text>
        <OfferAction offer={offer} ended={ended} busy={busy} onChoose={onChoose} />
        <CheckoutError error={error} />
      </Stack>
    </Card>
  );
}

/** The founders offers (spec 002 section 9), ending Sept 30; disabled once the countdown ends. */
export function FoundersOffers({
  ended,
  onChoose,
  busyFor,
  errorFor,
}: {
  ended: boolean;
  onChoose(offer: TEarlyOffer): void;
  busyFor: (key: string) => boolean;
  errorFor: (key: string) => string | null;
}) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {FOUNDERS_OFFERS.map((offer) => (
          <OfferCard
            key={offer.key}
            offer={offer}
            ended={ended}
            busy={busyFor(offer.key)}
            error={errorFor(offer.key)}
            onChoose={() => onChoose(offer)}
          />
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed" ta="center">
        {`Lifetime seats are capped at ${PRICING.lifetimeSeatsCap} in total. Standard pricing starts ${PRICING.standardPricingStarts}.`}
      </Text>
    </Stack>
  );
}
