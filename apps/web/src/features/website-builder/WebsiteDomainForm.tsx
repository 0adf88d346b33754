import { Alert, Button, Card, Code, Stack, Text, TextInput, Title } from '@mantine/core';
import { WEBSITE_MESSAGES, type TWebsite } from '@ppp/contracts';
import { useDomainForm } from './use-domain-form.ts';
import { WebsiteDomainStatus } from './WebsiteDomainStatus.tsx';

/** How to point the custom domain here, or why it cannot be set on this plan. */
function DomainInstructions({ website }: { website: TWebsite }) {
  if (!website.custom_domain_allowed) return <Alert color="gray">{WEBSITE_MESSAGES.customDomainPlan}</Alert>;
  const example = website.custom_domain ?? 'www.myshow.com';
  return (
    <Text size="sm" c="dimmed">
      At your DNS provider add a CNAME record for <Code>{example}</Code> pointing to <Code>{website.cname_target}</Code>.
    </Text>
  );
}

/** The custom domain (Pro and above), with the CNAME record to create and its proof; blank uses the default address. */
export function WebsiteDomainForm({
  podcastId,
  website,
  onSaved,
}: {
  podcastId: string;
  website: TWebsite;
  onSaved: (w: TWebsite) => Promise<void>;
}) {
  const { form, error, saving, submit, verify, verifying } = useDomainForm(podcastId, website, onSaved);
  return (
    <Card withBorder padding="md">
      <form onSubmit={form.onSubmit((values) => void submit(values))}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Domain
          </Title>
          <Text size="sm">
            Default address: <Code>{website.default_domain ?? website.public_url}</Code>
          </Text>
          <TextInput
            label="Custom domain"
            placeholder="www.myshow.com"
            description="Leave blank to use the default address."
            disabled={!website.custom_domain_allowed}
            {...form.getInputProps('custom_domain')}
          />
          <DomainInstructions website={website} />
          {website.domain_status && (
            <WebsiteDomainStatus status={website.domain_status} verifying={verifying} onVerify={() => void verify()} />
          )}
          {error !== null && (
            <Text c="red" size="sm" role="alert">
              {WEBSITE_MESSAGES.domainFailed}
              {error ? `: ${error}` : ''}
            </Text>
          )}
          <Button type="submit" variant="default" disabled={!website.custom_domain_allowed} loading={saving}>
            Save domain
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
