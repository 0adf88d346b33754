import readme from '../../../../../README.md?raw';

/** The README sections an operator needs in the app: what runs, configuration, accounts, scaling. */
export const HELP_SECTION_TITLES = ['What runs', 'Configuration', 'Accounts', 'Scaling'] as const;

export interface HelpSection {
  title: string;
  blocks: HelpBlock[];
}

/** A paragraph, a bullet list (one string per item) or a table (rows of cells). */
export type HelpBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] } | { kind: 'table'; rows: string[][] };

function sectionText(markdown: string, title: string): string {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start < 0) return '';
  const body = markdown.slice(start + title.length + 5);
  const end = body.indexOf('\n## ');
  return end < 0 ? body : body.slice(0, end);
}

/** Blocks of a section: blank lines separate them; '- ' starts a list item, '|' a table row; indented lines continue the item. */
export function blocksOf(text: string): HelpBlock[] {
  return text
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk): HelpBlock => {
      const lines = chunk.split('\n');
      if (lines[0]?.startsWith('|')) {
        const rows = lines
          .filter((l) => !/^\|[-|\s]+\|$/.test(l))
          .map((l) =>
            l
              .split('|')
              .slice(1, -1)
              .map((c) => c.trim()),
          );
        return { kind: 'table', rows };
      }
      if (lines[0]?.startsWith('- ')) {
        const items: string[] = [];
        for (const line of lines) {
          if (line.startsWith('- ')) items.push(line.slice(2).trim());
          else items[items.length - 1] += ` ${line.trim()}`;
        }
        return { kind: 'list', items };
      }
      return { kind: 'paragraph', text: lines.map((l) => l.trim()).join(' ') };
    });
}

export function helpSections(markdown: string = readme): HelpSection[] {
  return HELP_SECTION_TITLES.map((title) => ({ title, blocks: blocksOf(sectionText(markdown, title)) }));
}
