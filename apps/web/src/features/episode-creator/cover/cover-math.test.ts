import { describe, expect, it } from 'vitest';
import { EPISODE_CREATOR } from '@ppp/contracts';
import {
  clampSquare,
  cropOutputSize,
  cropString,
  displayScale,
  initialSquare,
  keyboardNudge,
  maxCropSize,
  minCropSize,
  moveSquare,
  padGeometry,
  resizeSquare,
} from './cover-math.ts';

const wide = { width: 3000, height: 2000 };

describe('crop square', () => {
  it('starts as the largest centred square', () => {
    expect(initialSquare(wide)).toEqual({ x: 500, y: 0, size: 2000 });
    expect(initialSquare({ width: 800, height: 1200 })).toEqual({ x: 0, y: 200, size: 800 });
  });

  it('sizes from 10 px to the smaller side', () => {
    expect(minCropSize(wide)).toBe(EPISODE_CREATOR.coverMinCropPx);
    expect(maxCropSize(wide)).toBe(2000);
    expect(clampSquare({ x: 0, y: 0, size: 4 }, wide).size).toBe(10);
    expect(clampSquare({ x: 0, y: 0, size: 5000 }, wide).size).toBe(2000);
    // An image smaller than 10 px on a side: the whole side is the only size.
    expect(minCropSize({ width: 6, height: 40 })).toBe(6);
    expect(clampSquare({ x: 3, y: 3, size: 10 }, { width: 6, height: 40 })).toEqual({ x: 0, y: 3, size: 6 });
  });

  it('stays inside the image when dragged', () => {
    const square = { x: 100, y: 100, size: 500 };
    expect(moveSquare(square, -400, -400, wide)).toEqual({ x: 0, y: 0, size: 500 });
    expect(moveSquare(square, 9000, 9000, wide)).toEqual({ x: 2500, y: 1500, size: 500 });
    expect(moveSquare(square, 50.4, 20.6, wide)).toEqual({ x: 150, y: 121, size: 500 });
  });

  it('resizes around its centre, pushed back inside at the edges', () => {
    expect(resizeSquare({ x: 1000, y: 500, size: 1000 }, 500, wide)).toEqual({ x: 1250, y: 750, size: 500 });
    expect(resizeSquare({ x: 2500, y: 1500, size: 500 }, 1500, wide)).toEqual({ x: 1500, y: 500, size: 1500 });
  });

  it('writes x1,y1,x2,y2 in source pixels', () => {
    expect(cropString({ x: 500, y: 0, size: 2000 })).toBe('500,0,2500,2000');
  });
});

describe('output size', () => {
  it('keeps a crop at its own size up to 2048 px', () => {
    expect(cropOutputSize({ x: 0, y: 0, size: 1400 })).toBe(1400);
    expect(cropOutputSize({ x: 0, y: 0, size: 3000 })).toBe(EPISODE_CREATOR.coverOutputMaxPx);
  });
});

describe('pad geometry', () => {
  it('centres a wide image on a square of its longer side', () => {
    expect(padGeometry({ width: 1600, height: 900 })).toEqual({ side: 1600, x: 0, y: 350, width: 1600, height: 900 });
  });

  it('scales a large image down to 2048 px, centred', () => {
    const pad = padGeometry({ width: 1000, height: 4000 });
    expect(pad).toEqual({ side: 2048, x: 768, y: 0, width: 512, height: 2048 });
    expect(pad.x * 2 + pad.width).toBe(pad.side);
  });

  it('fits a preview side', () => {
    expect(padGeometry(wide, 200)).toEqual({ side: 200, x: 0, y: 34, width: 200, height: 133 });
  });
});

describe('display scale', () => {
  it('shrinks to the box, never enlarges', () => {
    expect(displayScale(wide, 320, 320)).toBeCloseTo(320 / 3000);
    expect(displayScale({ width: 100, height: 50 }, 320, 320)).toBe(1);
  });
});

describe('keyboard', () => {
  it('moves by 1% of the longer side, 10% with Shift', () => {
    expect(keyboardNudge('ArrowLeft', false, wide)).toEqual({ dx: -30, dy: 0 });
    expect(keyboardNudge('ArrowDown', true, wide)).toEqual({ dx: 0, dy: 300 });
    expect(keyboardNudge('Enter', false, wide)).toBeNull();
    expect(keyboardNudge('ArrowUp', false, { width: 20, height: 20 })).toEqual({ dx: 0, dy: -1 });
  });
});
