/** Colour names a creator may type in the builder's chat (CSS names, the common ones). */
export const COLOUR_NAMES: Readonly<Record<string, string>> = {
  black: '#000000',
  white: '#ffffff',
  gray: '#6b7280',
  grey: '#6b7280',
  silver: '#c0c0c0',
  red: '#dc2626',
  crimson: '#dc143c',
  maroon: '#800000',
  burgundy: '#800020',
  pink: '#ec4899',
  'hot pink': '#ff69b4',
  magenta: '#d946ef',
  purple: '#7e22ce',
  violet: '#8b5cf6',
  lavender: '#c4b5fd',
  indigo: '#4338ca',
  navy: '#1e3a8a',
  'navy blue': '#1e3a8a',
  blue: '#2563eb',
  'sky blue': '#38bdf8',
  'light blue': '#93c5fd',
  'dark blue': '#1e3a8a',
  cyan: '#06b6d4',
  teal: '#0f766e',
  turquoise: '#40e0d0',
  aqua: '#22d3ee',
  green: '#16a34a',
  'dark green': '#166534',
  'forest green': '#228b22',
  lime: '#84cc16',
  olive: '#808000',
  mint: '#98ff98',
  yellow: '#facc15',
  gold: '#d4a017',
  amber: '#f59e0b',
  orange: '#f97316',
  coral: '#ff7f50',
  salmon: '#fa8072',
  peach: '#ffcba4',
  brown: '#92400e',
  chocolate: '#7b3f00',
  tan: '#d2b48c',
  beige: '#f5f5dc',
  cream: '#fffdd0',
  ivory: '#fffff0',
  charcoal: '#36454f',
  slate: '#475569',
};

/** A hex value (#abc or #aabbcc) or a known colour name in the text, as #rrggbb; null when there is none. */
export function colourIn(text: string): { hex: string; name: string } | null {
  const hex = /#([0-9a-f]{6}|[0-9a-f]{3})\b/i.exec(text);
  if (hex?.[1]) {
    const value = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return { hex: `#${value.toLowerCase()}`, name: `#${value.toLowerCase()}` };
  }
  const lower = text.toLowerCase();
  const names = Object.keys(COLOUR_NAMES).sort((a, b) => b.length - a.length);
  const name = names.find((n) => new RegExp(`\\b${n}\\b`).test(lower));
  return name ? { hex: COLOUR_NAMES[name] ?? '#000000', name } : null;
}
