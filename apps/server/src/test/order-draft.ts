import type { LocationType } from '@depot/contract';

/** A valid POST /api/orders body: one line of a stock item, to a Delhi address (PIN 110001). */
export function orderDraftFor(order: {
  courierId: number;
  stockId: number;
  quantity?: number;
  locationType?: LocationType;
}) {
  return {
    shipping_address: '1 Mall Road',
    pin_code: '110001',
    location_type: order.locationType ?? 'urban',
    phone_number: '9876543210',
    courier_service_id: order.courierId,
    items: [{ stock_id: order.stockId, quantity: order.quantity ?? 1 }],
  };
}
