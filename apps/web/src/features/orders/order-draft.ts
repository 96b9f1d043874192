import type { LocationType, Order, OrderDraftInput, StockItem } from '@depot/contract';
import { useSyncExternalStore } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency-key';

/**
 * One line of the draft (docs/product/data.md#order-draft): what the customer saw when choosing it.
 */
export interface DraftItem {
  stock_id: number;
  product_name: string;
  quantity: number;
  weight: number;
  price: number;
}

/**
 * The order being prepared (docs/product/data.md#order-draft), kept in sessionStorage so the
 * preview survives a reload and the products form keeps its entries on the way back.
 */
export interface OrderDraft {
  customer_id: number;
  shipping_address: string;
  pin_code: string;
  location_type: LocationType | '';
  phone_number: string;
  courier_service_id: number | null;
  items: DraftItem[];
  /** "Save this address": the address is saved to the customer's addresses once the order is placed. */
  save_address?: boolean;
  /** Sent as Idempotency-Key: a retried confirm places one order; any edit makes a new key. */
  idempotency_key: string;
}

export type DraftFields = Pick<
  OrderDraft,
  'shipping_address' | 'pin_code' | 'location_type' | 'phone_number' | 'courier_service_id'
>;

const DRAFT_KEY = 'depot.order-draft';
const CONFIRMATION_KEY = 'depot.order-confirmation';

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedDraft: OrderDraft | null = null;

export function emptyDraft(customerId: number): OrderDraft {
  return {
    customer_id: customerId,
    shipping_address: '',
    pin_code: '',
    location_type: '',
    phone_number: '',
    courier_service_id: null,
    items: [],
    idempotency_key: newIdempotencyKey(),
  };
}

function readStorage(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage may be full or disabled: the draft then lives until the tab reloads.
  }
}

function storedDraft(): OrderDraft | null {
  const raw = readStorage(DRAFT_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      cachedDraft = raw ? (JSON.parse(raw) as OrderDraft) : null;
    } catch {
      cachedDraft = null;
    }
  }
  return cachedDraft;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The signed-in customer's draft; another customer's draft left in the tab is not theirs to see.
 */
export function getOrderDraft(customerId: number): OrderDraft | null {
  const draft = storedDraft();
  return draft && draft.customer_id === customerId ? draft : null;
}

export function useOrderDraft(customerId: number): OrderDraft | null {
  return useSyncExternalStore(
    subscribe,
    () => getOrderDraft(customerId),
    () => null,
  );
}

/** Applies an edit to the customer's draft; every edit makes a new idempotency key. */
export function updateOrderDraft(
  customerId: number,
  edit: (draft: OrderDraft) => Omit<OrderDraft, 'idempotency_key'>,
) {
  const current = getOrderDraft(customerId) ?? emptyDraft(customerId);
  const next: OrderDraft = { ...edit(current), idempotency_key: newIdempotencyKey() };
  writeStorage(DRAFT_KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

export function clearOrderDraft() {
  writeStorage(DRAFT_KEY, null);
  for (const listener of listeners) listener();
}

/**
 * The draft's lines with `product` set to `quantity`
 * (docs/product/validation-and-messages.md#order-form): 0 or less removes the line, more than is
 * available is cut to what is available, a fraction to the whole number below.
 */
export function withQuantity(items: readonly DraftItem[], product: StockItem, quantity: number): DraftItem[] {
  const wanted = Number.isFinite(quantity) ? Math.min(Math.floor(quantity), product.quantity) : 0;
  const others = items.filter((item) => item.stock_id !== product.stock_id);
  if (wanted <= 0) return others;
  const line: DraftItem = {
    stock_id: product.stock_id,
    product_name: product.stock_name,
    quantity: wanted,
    weight: product.weight,
    price: product.price,
  };
  const index = items.findIndex((item) => item.stock_id === product.stock_id);
  if (index === -1) return [...others, line];
  return items.map((item) => (item.stock_id === product.stock_id ? line : item));
}

/** Total weight (kg) and item total ($) of the lines, added in whole grams and cents. */
export function draftTotals(items: readonly DraftItem[]): { weightKg: number; itemsTotal: number } {
  let grams = 0;
  let cents = 0;
  for (const item of items) {
    grams += Math.round(item.weight * 1000) * item.quantity;
    cents += Math.round(item.price * 100) * item.quantity;
  }
  return { weightKg: grams / 1000, itemsTotal: cents / 100 };
}

/** The body of POST /api/orders. */
export function toOrderPayload(draft: OrderDraft): OrderDraftInput {
  return {
    customer_id: draft.customer_id,
    shipping_address: draft.shipping_address.trim(),
    pin_code: draft.pin_code.trim(),
    location_type: draft.location_type,
    phone_number: draft.phone_number.trim(),
    courier_service_id: draft.courier_service_id ?? '',
    items: draft.items.map(({ stock_id, product_name, quantity, weight, price }) => ({
      stock_id,
      product_name,
      quantity,
      weight,
      price,
    })),
  };
}

/** What the confirmation page shows after an order is placed. */
export interface OrderConfirmation {
  order_id: number;
  shipping_address: string;
  phone_number: string;
  delivery_date: string;
}

export function saveOrderConfirmation(confirmation: OrderConfirmation) {
  writeStorage(CONFIRMATION_KEY, JSON.stringify(confirmation));
}

export function readOrderConfirmation(): OrderConfirmation | null {
  try {
    const raw = readStorage(CONFIRMATION_KEY);
    return raw ? (JSON.parse(raw) as OrderConfirmation) : null;
  } catch {
    return null;
  }
}

/**
 * "Order again": the draft becomes the order's lines and delivery details, to check and change on
 * Products before placing. Prices and weights are those of the order; the preview and the server
 * use today's.
 */
export function draftFromOrder(customerId: number, order: Order) {
  updateOrderDraft(customerId, () => ({
    customer_id: customerId,
    shipping_address: order.shipping_address,
    pin_code: order.pin_code,
    location_type: order.location_type,
    phone_number: order.phone_number,
    courier_service_id: order.courier_service_id,
    items: order.order_items.map((item) => ({
      stock_id: item.stock_id,
      product_name: item.product_name,
      quantity: item.quantity,
      weight: item.weight,
      price: item.price,
    })),
  }));
}
