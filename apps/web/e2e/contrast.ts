/**
 * WCAG 2.x contrast of the text a page shows (1.4.3): every visible element with text of its own,
 * its colour against the backgrounds under it composited up to the page, must reach 4.5:1 (3:1 for
 * large text: 24 px, or 18.66 px bold). Disabled controls are exempt, as WCAG says; text over an image
 * or gradient cannot be measured this way and is left out.
 */
import type { Page } from '@playwright/test';

export interface ContrastProblem {
  text: string;
  ratio: number;
  needed: number;
  color: string;
  background: string;
}

/** The texts measured on the page, and those below their contrast minimum (none when all are readable). */
export function textContrast(page: Page): Promise<{ measured: number; problems: ContrastProblem[] }> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no 2d canvas');
    // The canvas parses any CSS colour syntax (rgb, oklab, color-mix results) into sRGB bytes.
    const parse = (css: string): Rgba => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: Rgba, under: Rgba): Rgba => {
      const a = top[3];
      return [top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a), top[2] * a + under[2] * (1 - a), 1];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (v: number) => {
        const c = v / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const hex = (c: Rgba) =>
      `#${c
        .slice(0, 3)
        .map((v) => Math.round(v).toString(16).padStart(2, '0'))
        .join('')}`;

    const problems: { text: string; ratio: number; needed: number; color: string; background: string }[] = [];
    let measured = 0;
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const own = Array.from(el.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (!own || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'OPTION'].includes(el.tagName)) continue;
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width <= 1 || rect.height <= 1 || style.visibility !== 'visible') continue;
      if (el.closest('[disabled], [aria-disabled="true"], [data-disabled="true"]')) continue;
      // Backgrounds from this element outwards, and the opacity every ancestor applies.
      const layers: Rgba[] = [];
      let opacity = 1;
      let measurable = true;
      for (let node: HTMLElement | null = el; node; node = node.parentElement) {
        const s = getComputedStyle(node);
        opacity *= Number(s.opacity);
        if (s.backgroundImage !== 'none') measurable = false;
        const bg = parse(s.backgroundColor);
        if (bg[3] > 0) layers.push(bg);
      }
      if (!measurable || opacity === 0) continue;
      let background: Rgba = [255, 255, 255, 1];
      for (const layer of layers.reverse()) background = over(layer, background);
      const fg = parse(style.color);
      const color = over([fg[0], fg[1], fg[2], fg[3] * opacity], background);
      const [light, dark] = [luminance(color), luminance(background)].sort((a, b) => b - a) as [number, number];
      const ratio = (light + 0.05) / (dark + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      measured += 1;
      if (ratio < needed)
        problems.push({
          text: own.slice(0, 60),
          ratio: Math.round(ratio * 100) / 100,
          needed,
          color: hex(color),
          background: hex(background),
        });
    }
    return { measured, problems };
  });
}
