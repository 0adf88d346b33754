import { Fragment } from 'react';
import { Anchor, Code, List, Stack, Table, Text, Title } from '@mantine/core';
import { helpSections, type HelpBlock } from '../help-sections.ts';

/** `code` spans of the README as Code, the rest as text. */
function Inline({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/(`[^`]+`)/)
        .map((part, i) =>
          part.startsWith('`') && part.endsWith('`') ? (
            <Code key={i}>{part.slice(1, -1)}</Code>
          ) : (
            <Fragment key={i}>{part.replace(/\*\*/g, '')}</Fragment>
          ),
        )}
    </>
  );
}

function Block({ block }: { block: HelpBlock }) {
  if (block.kind === 'paragraph') {
    return (
      <Text>
        <Inline text={block.text} />
      </Text>
    );
  }
  if (block.kind === 'list') {
    return (
      <List spacing={4}>
        {block.items.map((item, i) => (
          <List.Item key={i}>
            <Inline text={item} />
          </List.Item>
        ))}
      </List>
    );
  }
  const [head, ...rows] = block.rows;
  return (
    <Table withTableBorder>
      <Table.Thead>
        <Table.Tr>
          {head?.map((c, i) => (
            <Table.Th key={i}>{c}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, r) => (
          <Table.Tr key={r}>
            {row.map((c, i) => (
              <Table.Td key={i}>
                <Inline text={c} />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Help & Docs: how to run this instance, from the README shipped with it. */
export function HelpTab() {
  return (
    <Stack gap="lg" maw={900}>
      <Text c="dimmed">
        From the README of this instance. The API reference is at{' '}
        <Anchor href="/api/docs" target="_blank" rel="noreferrer">
          /api/docs
        </Anchor>
        ; the server's health at{' '}
        <Anchor href="/api/health" target="_blank" rel="noreferrer">
          /api/health
        </Anchor>
        .
      </Text>
      {helpSections().map((section) => (
        <Stack key={section.title} gap="sm">
          <Title order={2} size="h3">
            {section.title}
          </Title>
          {section.blocks.map((block, i) => (
            <Block key={i} block={block} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
