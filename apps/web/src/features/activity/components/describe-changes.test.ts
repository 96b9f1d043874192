import { describe, expect, it } from 'vitest';
import { changeText, describeChanges } from './describe-changes';

const lines = (before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
  describeChanges({ before, after }).map(changeText);

describe('describeChanges', () => {
  it('lists only the fields a change altered', () => {
    expect(lines({ name: 'Bolt', price: 2, quantity: 10 }, { name: 'Bolt', price: 3, quantity: 10 })).toEqual(
      ['price: 2 → 3'],
    );
  });

  it('lists every field of something new or removed', () => {
    expect(lines(null, { name: 'Bolt', phone_number: null })).toEqual(['name: Bolt', 'phone number: —']);
    expect(lines({ name: 'Bolt' }, null)).toEqual(['name: Bolt']);
  });

  it('writes order lines as quantity × product', () => {
    expect(
      lines(null, {
        items: [
          { stock_id: 1, product_name: 'Bolt', quantity: 2, price: 1 },
          { stock_id: 2, product_name: 'Nut', quantity: 5, price: 1 },
        ],
      }),
    ).toEqual(['items: 2 × Bolt, 5 × Nut']);
  });

  it('has nothing to say about an event without fields', () => {
    expect(lines(null, null)).toEqual([]);
  });
});
