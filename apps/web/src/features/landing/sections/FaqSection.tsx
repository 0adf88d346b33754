import { Accordion, Container, Grid, Text, Title } from '@mantine/core';
import type { TLandingContent } from '@ppp/contracts';

type FaqContent = Pick<TLandingContent, 'faq_heading' | 'faq_subheading' | 'faqs'>;

function FaqAccordion({ faqs }: { faqs: FaqContent['faqs'] }) {
  return (
    <Accordion variant="separated">
      {faqs.map((f, i) => (
        <Accordion.Item key={`${f.question}-${i}`} value={`faq-${i}`}>
          <Accordion.Control>{f.question}</Accordion.Control>
          <Accordion.Panel>{f.answer}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** The #faq section: centred (regular layout) or heading beside the questions (ab layout). */
export function FaqSection({ content, variant }: { content: FaqContent; variant: 'centered' | 'split' }) {
  const heading = (
    <>
      <Title order={2} mb="xs" id="faq-title" ta={variant === 'centered' ? 'center' : 'left'}>
        {content.faq_heading}
      </Title>
      <Text c="dimmed" mb="xl" ta={variant === 'centered' ? 'center' : 'left'}>
        {content.faq_subheading}
      </Text>
    </>
  );
  if (variant === 'centered') {
    return (
      <Container size="md" py="xl" id="faq" component="section" aria-labelledby="faq-title">
        {heading}
        <FaqAccordion faqs={content.faqs} />
      </Container>
    );
  }
  return (
    <Container size="lg" py="xl" id="faq" component="section" aria-labelledby="faq-title">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 4 }}>{heading}</Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <FaqAccordion faqs={content.faqs} />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
