import { describe, expect, it } from 'vitest';
import { showValue } from '../external/external-schema-problem.js';
import { enumViolation } from '../validation/violation-messages.js';

/** Half of a surrogate pair with no other half beside it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Values with an emoji at every offset around `limit`, so one of them straddles the cut. */
function straddling(limit: number): string[] {
  return Array.from({ length: 6 }, (_, shift) => `${'a'.repeat(limit - 3 + shift)}😀😀`);
}

describe('messages cut a value on whole characters', () => {
  it('GV-2: an echoed value (cut at 64) never ends in half of a surrogate pair', () => {
    for (const value of straddling(64)) {
      const message = enumViolation('mode', ['fast'], value).message;
      expect(LONE_SURROGATE.test(message), message).toBe(false);
      expect(message).toContain('…');
    }
  });

  it('SC-1: a value an external-schema problem shows (cut at 100) never ends in half of a surrogate pair', () => {
    for (const value of straddling(100)) {
      const shown = showValue(value);
      expect(LONE_SURROGATE.test(shown), shown).toBe(false);
      expect(shown.endsWith('…')).toBe(true);
    }
  });
});
