import { describe, expect, it } from 'vitest';
import { changeText, describeChanges, fieldKind } from './describe-changes';

const lines = (before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
  describeChanges({ before, after }).map(changeText);

describe('describeChanges', () => {
  it('lists only the fields a change altered', () => {
    expect(lines({ name: 'Bolt', price: 2, quantity: 10 }, { name: 'Bolt', price: 3, quantity: 10 })).toEqual(
      ['price: $2.00 → $3.00'],
    );
  });

  it('lists every field of something new or removed', () => {
    expect(lines(null, { name: 'Bolt', phone_number: null })).toEqual(['name: Bolt', 'phone number: —']);
    expect(lines({ name: 'Bolt' }, null)).toEqual(['name: Bolt']);
  });

  it('writes order lines as quantity × product at its price', () => {
    expect(
      lines(null, {
        items: [
          { stock_id: 1, product_name: 'Bolt', quantity: 2, price: 1.5 },
          { stock_id: 2, product_name: 'Nut', quantity: 1200, price: 0.05 },
        ],
      }),
    ).toEqual(['items: 2 × Bolt at $1.50, 1,200 × Nut at $0.05']);
  });

  it('has nothing to say about an event without fields', () => {
    expect(lines(null, null)).toEqual([]);
  });
});

describe('values as the rest of the app shows them', () => {
  it('shows money in dollars, weights in kg and counts with separators (a stock item)', () => {
    expect(
      lines(
        { name: 'Copper wire', price: 12.5, quantity: 40, weight: 1.25 },
        { name: 'Copper wire', price: 1234567.891, quantity: 1000000, weight: 12345.6 },
      ),
    ).toEqual([
      'price: $12.50 → $1,234,567.89',
      'quantity: 40 → 1,000,000',
      'weight: 1.25 kg → 12,345.60 kg',
    ]);
  });

  it('shows the totals and shipping of a placed order as money, the ids as they are', () => {
    expect(
      lines(null, {
        status: 'Processing',
        customer_id: 7,
        courier_service_id: 3,
        items_total: 20,
        shipping_cost: 7.5,
      }),
    ).toEqual([
      'status: Processing',
      'customer id: 7',
      'courier service id: 3',
      'items total: $20.00',
      'shipping cost: $7.50',
    ]);
  });

  it('tells a total quantity (a count) from a total cost (money)', () => {
    expect(lines(null, { supplier_id: 4, total_quantity: 2500, total_cost: 99.9 })).toEqual([
      'supplier id: 4',
      'total quantity: 2,500',
      'total cost: $99.90',
    ]);
  });

  it('shows times as dd/mm/yyyy, hh:mm (the test zone is UTC)', () => {
    expect(
      lines(
        { status: 'Processing', expected_delivery_time: null },
        { status: 'In Transit', expected_delivery_time: '2026-11-24T10:30:00.000Z' },
      ),
    ).toEqual(['status: Processing → In Transit', 'expected delivery time: — → 24/11/2026, 10:30']);
    expect(
      lines(null, { updatedAt: '2026-03-07T09:05:00.000Z', delivery_date: '2026-12-31T23:59:00Z' }),
    ).toEqual(['updatedAt: 07/03/2026, 09:05', 'delivery date: 31/12/2026, 23:59']);
  });

  it('reads numeric strings as numbers and shows what cannot be read as it came', () => {
    expect(lines({ price: '3' }, { price: 3 })).toEqual([]);
    expect(lines(null, { price: 'free', weight: '0.5', expected_delivery_time: 'soon' })).toEqual([
      'price: free',
      'weight: 0.50 kg',
      'expected delivery time: soon',
    ]);
  });

  it('says yes or no for a flag', () => {
    expect(lines(null, { ip: '203.0.113.9', account_exists: true })).toEqual([
      'ip: 203.0.113.9',
      'account exists: yes',
    ]);
  });
});

describe('fieldKind', () => {
  it.each([
    ['price', 'money'],
    ['total_cost', 'money'],
    ['items_total', 'money'],
    ['shipping_cost', 'money'],
    ['unitPrice', 'money'],
    ['weight', 'weight'],
    ['total_weight', 'weight'],
    ['quantity', 'quantity'],
    ['total_quantity', 'quantity'],
    ['created_at', 'dateTime'],
    ['occurredAt', 'dateTime'],
    ['expected_delivery_time', 'dateTime'],
    ['delivery_date', 'dateTime'],
    ['account_exists', 'plain'],
    ['status', 'plain'],
    ['update', 'plain'],
    ['stock_id', 'plain'],
  ])('%s is %s', (key, kind) => {
    expect(fieldKind(key)).toBe(kind);
  });
});
