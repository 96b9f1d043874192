import type { LocationType } from '@depot/contract';

/**
 * Shipping cost parts in cents (docs/product/business-rules.md#shipping-cost): 2.00 per kg plus a
 * charge by location type.
 */
export const SHIPPING_CENTS_PER_KG = 200;
export const LOCATION_CHARGE_CENTS: Readonly<Record<LocationType, number>> = {
  urban: 500,
  suburban: 700,
  rural: 1000,
};
/** Expected delivery: days after the order is placed. */
export const DELIVERY_DAYS: Readonly<Record<LocationType, number>> = { urban: 2, suburban: 3, rural: 5 };

const GRAMS_PER_CENT = 1000 / SHIPPING_CENTS_PER_KG;
const DAY_MS = 24 * 60 * 60_000;

/**
 * 2.00 × kg + the location charge, rounded to cents; the one rule behind both the preview
 * (GET /api/orders/get-shipping-cost) and order placement. Whole grams never land on a half cent.
 */
export function shippingCostCents(totalWeightGrams: number, locationType: LocationType): number {
  return Math.round(totalWeightGrams / GRAMS_PER_CENT) + LOCATION_CHARGE_CENTS[locationType];
}

export function expectedDeliveryDate(placedAt: Date, locationType: LocationType): string {
  return new Date(placedAt.getTime() + DELIVERY_DAYS[locationType] * DAY_MS).toISOString();
}
