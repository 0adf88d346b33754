import { Button, Card, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { VISIBILITIES, type TVisibility } from '@ppp/contracts';
import type { TImportFields } from './use-rss-import.ts';

function SpreakerLinkOption({ fields }: { fields: TImportFields }) {
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        This is a Spreaker feed.
      </Text>
      <Checkbox
        label="Link this show to my Spreaker show"
        checked={fields.linkSpreaker}
        onChange={(e) => fields.setLinkSpreaker(e.currentTarget.checked)}
      />
    </Stack>
  );
}

function AutoPublishOption({ fields }: { fields: TImportFields }) {
  return (
    <Stack gap={6}>
      <Checkbox
        label="Publish the imported episodes to Spreaker"
        description="Once their audio is copied here, when this show is linked to your Spreaker show. Episodes already on Spreaker are left as they are."
        checked={fields.autoPublish}
        onChange={(e) => fields.setAutoPublish(e.currentTarget.checked)}
      />
      {fields.autoPublish ? (
        <Select
          label="Visibility"
          data={[...VISIBILITIES]}
          value={fields.publishState}
          onChange={(v) => fields.setPublishState((v as TVisibility | null) ?? 'public')}
          w={200}
          allowDeselect={false}
        />
      ) : null}
    </Stack>
  );
}

interface RssImportFormProps {
  fields: TImportFields;
  spreaker: boolean;
  connected: boolean;
  previewing: boolean;
  onPreview(): void;
}

/** The feed URL with the Spreaker options that apply to it, and Preview. */
export function RssImportForm({ fields, spreaker, connected, previewing, onPreview }: RssImportFormProps) {
  return (
    <Card withBorder padding="lg">
      <form onSubmit={(e) => (e.preventDefault(), onPreview())} noValidate>
        <Stack gap="sm">
          <TextInput
            label="RSS feed URL"
            description="The address of your show's feed at its current host."
            placeholder="https://feeds.example.com/my-show.rss"
            value={fields.url}
            onChange={(e) => fields.setUrl(e.currentTarget.value)}
            error={fields.error}
            inputMode="url"
          />
          {spreaker ? <SpreakerLinkOption fields={fields} /> : null}
          {connected ? <AutoPublishOption fields={fields} /> : null}
          <Group>
            <Button type="submit" loading={previewing} variant="light">
              Preview
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
