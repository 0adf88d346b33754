import { Box, Container, Grid, Stack } from '@mantine/core';
import type { TLandingContent, TPublicEpisode } from '@ppp/contracts';
import { SafeHtml } from './SafeHtml.tsx';
import { HeroActions, HeroBadges } from './sections/HeroActions.tsx';
import { StatsSection } from './sections/StatsSection.tsx';
import { HowItWorksSection } from './sections/HowItWorksSection.tsx';
import { BenefitsSection } from './sections/BenefitsSection.tsx';
import { EpisodesSection } from './sections/EpisodesSection.tsx';
import { ReviewsSection } from './sections/ReviewsSection.tsx';
import { FaqSection } from './sections/FaqSection.tsx';
import { CallToAction } from './sections/CallToAction.tsx';
import { StudioPreview } from './sections/StudioPreview.tsx';

export interface LandingLayoutProps {
  content: TLandingContent;
  episodes: TPublicEpisode[];
  onStart: () => void;
  onPrefetch: () => void;
  walkthroughOpen: boolean;
  onToggleWalkthrough: () => void;
}

const HERO_BACKGROUND = 'linear-gradient(180deg, var(--mantine-color-violet-0), transparent)';

/** Regular: a centred hero, then stats, steps as cards, benefits, episodes, reviews, FAQ, call to action. */
export function RegularLayout(props: LandingLayoutProps) {
  const { content } = props;
  return (
    <Box component="main" data-layout="regular">
      <Box py={{ base: 48, sm: 96 }} style={{ background: HERO_BACKGROUND }}>
        <Container size="md">
          <Stack align="center" gap="lg" ta="center">
            <HeroBadges />
            <Stack gap="md" align="center" maw={720}>
              <SafeHtml html={content.hero_html} />
            </Stack>
            <HeroActions {...props} />
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py="xl">
        <StatsSection />
      </Container>
      <HowItWorksSection walkthroughOpen={props.walkthroughOpen} variant="cards" />
      <BenefitsSection />
      <EpisodesSection episodes={props.episodes} />
      <ReviewsSection content={content} />
      <FaqSection content={content} variant="centered" />
      <CallToAction onStart={props.onStart} />
    </Box>
  );
}

/** Alternative (ab): a split hero with the studio preview, social proof first, steps as a timeline. */
export function SplitLayout(props: LandingLayoutProps) {
  const { content } = props;
  return (
    <Box component="main" data-layout="ab">
      <Box py={{ base: 40, sm: 80 }} style={{ background: HERO_BACKGROUND }}>
        <Container size="lg">
          <Grid gap={{ base: 'xl', md: 48 }} align="center">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack gap="lg">
                <HeroBadges justify="flex-start" />
                <SafeHtml html={content.hero_html} />
                <HeroActions {...props} justify="flex-start" />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <StudioPreview />
            </Grid.Col>
          </Grid>
          <Box mt={{ base: 40, sm: 64 }}>
            <StatsSection />
          </Box>
        </Container>
      </Box>
      <ReviewsSection content={content} />
      <HowItWorksSection walkthroughOpen={props.walkthroughOpen} variant="timeline" />
      <EpisodesSection episodes={props.episodes} />
      <BenefitsSection columns={2} />
      <FaqSection content={content} variant="split" />
      <CallToAction onStart={props.onStart} />
    </Box>
  );
}
