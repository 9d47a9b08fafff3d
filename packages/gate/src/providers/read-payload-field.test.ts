import { describe, expect, it } from 'vitest';
import { readPayloadField } from './read-payload-field.js';

describe('readPayloadField', () => {
  it('TC-2: reads an own field', () => {
    expect(readPayloadField({ id: 'call_1' }, 'id')).toBe('call_1');
  });

  it('TC-2: anything but an object with that own field reads as undefined, never throws', () => {
    const hostile = new Proxy(
      {},
      {
        getOwnPropertyDescriptor: () => {
          throw new Error('trap');
        },
      },
    );
    expect(
      [null, undefined, 'text', 7, {}, Object.create({ id: 'inherited' }), hostile].map((payload) =>
        readPayloadField(payload, 'id'),
      ),
    ).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});
