import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FOUNDERS_OFFERS, PRICING, formatDollars, formatOfferPrice, type TEarlyOffer } from '@ppp/contracts';

function OfferCard({ offer, ended, onChoose, busy }: { offer: TEarlyOffer; ended: boolean; onChoose(): void; busy: boolean }) {
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
        {ended ? (
          <Button mt="auto" disabled fullWidth>
            {PRICING.offerEnded}
          </Button>
        ) : offer.period === 'month' ? (
          <Button component="a" href={offer.cta.href} mt="auto" fullWidth variant="light">
            {offer.cta.label}
          </Button>
        ) : (
          <Button mt="auto" fullWidth variant="light" loading={busy} onClick={onChoose}>
            {offer.cta.label}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** The founders offers (spec 002 section 9), ending Sept 30; disabled once the countdown ends. */
export function FoundersOffers({ ended, onChoose, busy = false }: { ended: boolean; onChoose(offer: TEarlyOffer): void; busy?: boolean }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {FOUNDERS_OFFERS.map((offer) => (
          <OfferCard key={offer.key} offer={offer} ended={ended} busy={busy} onChoose={() => onChoose(offer)} />
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed" ta="center">
        {`Lifetime seats are capped at ${PRICING.lifetimeSeatsCap} in total. Standard pricing starts ${PRICING.standardPricingStarts}.`}
      </Text>
    </Stack>
  );
}
