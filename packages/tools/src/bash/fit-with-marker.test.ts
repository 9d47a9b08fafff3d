import { describe, expect, it } from 'vitest';
import { fitWithMarker } from './fit-with-marker.js';

/** `room` x's, then a marker that writes the count: its length changes with the count's digits. */
const render = (room: number): string => `${'x'.repeat(room)}[${room}]`;

describe('fitWithMarker', () => {
  it('PO-3: fills the limit exactly when a room gives it, whatever the first guess of the marker', () => {
    for (const [maxChars, guess] of [
      [1_000, 10],
      [1_000, 1],
      [1_005, 3],
      [99, 4],
      [105, 2],
    ] as const) {
      const text = fitWithMarker(render, maxChars, guess);
      expect(text.length, `${maxChars}`).toBeLessThanOrEqual(maxChars);
      expect(text.length, `${maxChars}`).toBeGreaterThanOrEqual(maxChars - 1);
      expect(text).toBe(render(text.indexOf('[')));
    }
  });

  it('PO-3: a marker that never fits gives the render with no room', () => {
    expect(fitWithMarker((room) => `${'x'.repeat(room)}[a marker longer than the limit]`, 5, 30)).toBe(
      '[a marker longer than the limit]',
    );
  });
});
