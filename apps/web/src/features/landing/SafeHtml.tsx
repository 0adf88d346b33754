import { Fragment, createElement, useMemo, type ReactNode } from 'react';
import { Anchor, Text, Title } from '@mantine/core';
import { DROPPED_TAGS, HERO_TAGS, safeHref } from './safe-html.ts';

function children(node: Node, keyPrefix: string): ReactNode[] {
  return Array.from(node.childNodes, (child, i) => toReact(child, `${keyPrefix}.${i}`));
}

function element(el: Element, key: string): ReactNode {
  const tag = el.tagName.toLowerCase();
  if (DROPPED_TAGS.has(tag)) return null;
  const inner = children(el, key);
  if (!HERO_TAGS.has(tag)) return <Fragment key={key}>{inner}</Fragment>;
  switch (tag) {
    case 'h1':
      return (
        <Title key={key} order={1} fz={{ base: 34, sm: 54 }} lh={1.1}>
          {inner}
        </Title>
      );
    case 'h2':
      return (
        <Title key={key} order={2} fz={{ base: 26, sm: 34 }}>
          {inner}
        </Title>
      );
    case 'h3':
      return (
        <Title key={key} order={3}>
          {inner}
        </Title>
      );
    case 'p':
      return (
        <Text key={key} component="p" size="lg" c="dimmed" my={0}>
          {inner}
        </Text>
      );
    case 'a': {
      const href = safeHref(el.getAttribute('href'));
      const external = el.getAttribute('target') === '_blank';
      return (
        <Anchor key={key} href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {inner}
        </Anchor>
      );
    }
    case 'br':
      return <br key={key} />;
    default:
      return createElement(tag, { key }, ...inner);
  }
}

function toReact(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType === Node.ELEMENT_NODE) return element(node as Element, key);
  return null;
}

/** Renders sanitised HTML as React elements (no innerHTML); the parsed document is inert. */
export function SafeHtml({ html }: { html: string }) {
  const nodes = useMemo(() => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return children(doc.body, 'h');
  }, [html]);
  return <>{nodes}</>;
}
