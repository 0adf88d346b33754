import { describe, expect, it } from 'vitest';
import { creatorNotesHtml, plainText, sanitizeHeroHtml, sanitizePodcastHtml } from '../../src/domain/text/podcast-html.ts';

describe('sanitizePodcastHtml', () => {
  it('keeps the podcast allowlist: paragraphs, breaks, emphasis, lists and http(s)/mailto links', () => {
    const html =
      '<p>One<br>two <strong>bold</strong> <em>em</em></p><ul><li>a</li></ul><ol><li>b</li></ol>' +
      '<a href="mailto:ada@example.com">mail</a>';
    expect(sanitizePodcastHtml(html)).toBe(
      '<p>One<br />two <strong>bold</strong> <em>em</em></p><ul><li>a</li></ul><ol><li>b</li></ol>' +
        '<a href="mailto:ada@example.com" rel="nofollow noopener noreferrer" target="_blank">mail</a>',
    );
  });

  it('drops script and style with their contents, every other tag with its text kept, and unsafe links', () => {
    const html =
      '<h1 style="x" onclick="y">Title</h1><script>alert(1)</script><style>p{}</style><svg onload="alert(1)"><text>svg</text></svg>' +
      '<a href="javascript:alert(1)">js</a><a href="//evil.example/">proto</a><a href="data:text/html,x">data</a><img src="https://t.example/p.gif">';
    const out = sanitizePodcastHtml(html);
    expect(out).toBe(
      'Titlesvg<a rel="nofollow noopener noreferrer" target="_blank">js</a>' +
        '<a rel="nofollow noopener noreferrer" target="_blank">proto</a><a rel="nofollow noopener noreferrer" target="_blank">data</a>',
    );
  });

  it('writes <b> and <i> as their allowlisted equivalents', () => {
    expect(sanitizePodcastHtml('<b>b</b><i>i</i>')).toBe('<strong>b</strong><em>i</em>');
  });
});

describe('sanitizeHeroHtml', () => {
  it('allows headings for the admin hero but the same link rules', () => {
    expect(sanitizeHeroHtml('<h2 onclick="x">Hi</h2><a href="javascript:x" target="_top">x</a>')).toBe(
      '<h2>Hi</h2><a target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

describe('plainText', () => {
  it('turns HTML into one line: tags gone, script contents gone, entities decoded, blocks spaced', () => {
    expect(plainText('<p>Tea &amp; tools</p><p>Next&nbsp;line &#8212; &#x263A;</p><script>alert(1)</script>', 100)).toBe(
      'Tea & tools Next line — ☺',
    );
  });

  it('cuts at max characters with an ellipsis', () => {
    expect(plainText('<p>abcdefghij</p>', 5)).toBe('abcd…');
  });
});

describe('creatorNotesHtml', () => {
  it('turns plain text into paragraphs and line breaks, its text escaped', () => {
    const notes = 'Salt & pepper <basics>.\r\n\nKey topics: salt, pepper\n\n\nChapters:\n00:00 Basics\n01:35 Sauce\n';
    expect(creatorNotesHtml(notes)).toBe(
      '<p>Salt &amp; pepper &lt;basics&gt;.</p><p>Key topics: salt, pepper</p><p>Chapters:<br />00:00 Basics<br />01:35 Sauce</p>',
    );
    expect(creatorNotesHtml('  ')).toBe('');
    expect(creatorNotesHtml(' One line, a < b & c. ')).toBe('One line, a &lt; b &amp; c.');
    // A real element, even one the allowlist drops, marks the text as HTML: '<small>' goes, its text kept.
    expect(creatorNotesHtml('About <small>workshops</small> & <script>x</script>ideas.')).toBe('About workshops &amp; ideas.');
  });

  it('keeps the structure of text that is already HTML, through the same allowlist', () => {
    expect(creatorNotesHtml('<p>One</p>\n\n<script>x</script><ul><li>a</li></ul>')).toBe('<p>One</p>\n\n<ul><li>a</li></ul>');
  });
});
