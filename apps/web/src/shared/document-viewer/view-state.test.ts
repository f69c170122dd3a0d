import { describe, expect, it } from 'vitest';
import { INITIAL_VIEW, displayScale, nextView, sideways } from './view-state.ts';

describe('document viewer state', () => {
  it('zooms along the steps and stops at either end', () => {
    let s = INITIAL_VIEW;
    s = nextView(s, 'zoomIn');
    expect(s.zoom).toBe(1.25);
    for (let i = 0; i < 10; i++) s = nextView(s, 'zoomIn');
    expect(s.zoom).toBe(4);
    for (let i = 0; i < 10; i++) s = nextView(s, 'zoomOut');
    expect(s.zoom).toBe(0.5);
    expect(nextView(s, 'fit').zoom).toBe(1);
  });

  it('turns a quarter at a time both ways', () => {
    const right = nextView(INITIAL_VIEW, 'rotateRight');
    expect(right.rotation).toBe(90);
    expect(sideways(right)).toBe(true);
    expect(nextView(INITIAL_VIEW, 'rotateLeft').rotation).toBe(270);
    expect(nextView(nextView(right, 'rotateRight'), 'rotateRight').rotation).toBe(270);
    expect(nextView(nextView(right, 'rotateRight'), 'rotateLeft').rotation).toBe(90);
  });

  it('fits the document as turned into the frame, without enlarging a small one', () => {
    const doc = { w: 1000, h: 500 };
    expect(displayScale(doc, { w: 500, h: 500 }, INITIAL_VIEW)).toBe(0.5);
    // On its side the document is 500 wide and 1000 high: the height limits it.
    expect(displayScale(doc, { w: 500, h: 500 }, { zoom: 1, rotation: 90 })).toBe(0.5);
    expect(displayScale(doc, { w: 800, h: 400 }, { zoom: 1, rotation: 90 })).toBe(0.4);
    expect(displayScale({ w: 100, h: 50 }, { w: 500, h: 500 }, { zoom: 2, rotation: 0 })).toBe(2);
  });
});
