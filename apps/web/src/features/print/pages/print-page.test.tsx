import type { OrderDetail, SupplyOrderDetail } from '@depot/contract';
import { screen, within } from '@testing-library/react';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { printIdsOf, printPath } from '@/lib/print-documents';
import { stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { qrCodePath } from '../components/qr-code';
import { BAD_PRINT_LINK_TEXT } from './print-page';

const TRACKING_URL = 'https://depot.example/track/0190a1b2c3d4e5f6ABCDEFGHijklmnop';

const order = (id: number): OrderDetail => ({
  id,
  created_at: '2026-11-20T09:00:00.000Z',
  shipping_address: '14 Lake View Road\nIndiranagar, Bengaluru',
  pin_code: '560038',
  location_type: 'urban',
  phone_number: '+91 98450 12345',
  consignment_weight: 12.5,
  order_items: [
    { stock_id: 3, product_name: 'Basmati rice 5 kg', quantity: 2, price: 9.5, weight: 5 },
    { stock_id: 7, product_name: 'Sunflower oil 1 l', quantity: 3, price: 2.25, weight: 0.8333 },
  ],
  items_total: 25.75,
  shipping_cost: 30,
  delivery_date: '2026-11-22T09:00:00.000Z',
  status: 'Processing',
  courier_service_id: 4,
  customer_id: 9,
  customer_name: 'Asha Rao',
  courier_name: 'Swift Couriers',
  status_history: [{ status: 'Processing', at: '2026-11-20T09:00:00.000Z' }],
  tracking_url: `${TRACKING_URL}${id}`,
  delivery_code: null,
  proof: null,
});

const supplyOrder: SupplyOrderDetail = {
  id: 31,
  created_at: '2026-11-18T08:00:00.000Z',
  updated_at: '2026-11-18T08:00:00.000Z',
  inventory_manager_id: 2,
  inventory_manager_name: 'Ivy Manager',
  inventory_manager_email: 'ivy@depot.example',
  supplier_id: 5,
  supplier_name: 'Acme Parts',
  supplier_email: 'orders@acme.example',
  supplier_phone_number: '+91 20 5555 0101',
  supplier_address: '9 Foundry Lane, Pune',
  address: '4 Warehouse Row, Pune',
  mobile_number: '+91 98765 43210',
  status: 'Order Received',
  expected_delivery_time: null,
  order_items: [
    {
      product_id: 12,
      product_name: 'Hex bolt M8',
      quantity: 120,
      delivered_quantity: 0,
      price: 0.35,
      weight: 0.02,
    },
  ],
  total_quantity: 120,
  delivered_quantity: 0,
  total_cost: 42,
};

/** Draws a QR path (M x y h n v 1 h -n z runs) into RGBA pixels, `scale` pixels a module. */
function rasterize({ size, d }: { size: number; d: string }, scale = 4) {
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, run] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let column = Number(x); column < Number(x) + Number(run); column += 1) {
      for (let dy = 0; dy < scale; dy += 1) {
        for (let dx = 0; dx < scale; dx += 1) {
          const offset = ((Number(y) * scale + dy) * width + column * scale + dx) * 4;
          pixels.fill(0, offset, offset + 3);
        }
      }
    }
  }
  return { pixels, width };
}

describe('the QR code of a tracking link', () => {
  it('decodes to the tracking link itself', () => {
    const { pixels, width } = rasterize(qrCodePath(TRACKING_URL));
    expect(jsQR(pixels, width, width)?.data).toBe(TRACKING_URL);
  });

  it('is a different code for another link', () => {
    const { pixels, width } = rasterize(qrCodePath(`${TRACKING_URL}x`));
    expect(jsQR(pixels, width, width)?.data).toBe(`${TRACKING_URL}x`);
    expect(qrCodePath(`${TRACKING_URL}x`).d).not.toBe(qrCodePath(TRACKING_URL).d);
  });
});

describe('print links', () => {
  it('name the orders in the order picked, each once, and nothing else', () => {
    expect(printPath('packing-slips', [12, 3])).toBe('/print/packing-slips?ids=12,3');
    expect(printIdsOf('12,3,12')).toEqual([12, 3]);
    for (const bad of [
      null,
      '',
      '0',
      '1,-2',
      'a',
      '1;2',
      '1.5',
      Array.from({ length: 51 }, (_, i) => i + 1).join(','),
    ])
      expect(printIdsOf(bad)).toBeUndefined();
  });
});

describe('the print page', () => {
  it('gives each packing slip its page: address, courier, expected date, items, weights and the QR code', async () => {
    const { requestsTo } = stubFetch({
      'GET /api/orders/12': { status: 200, body: order(12) },
      'GET /api/orders/13': { status: 200, body: order(13) },
    });
    renderApp('/print/packing-slips?ids=12,13');
    const slips = await screen.findAllByRole('article');
    expect(slips.map((slip) => slip.getAttribute('aria-label'))).toEqual([
      'Packing slip of order 12',
      'Packing slip of order 13',
    ]);
    const first = within(slips[0] as HTMLElement);
    expect(first.getByText('Order #12')).toBeInTheDocument();
    expect(first.getByText('Asha Rao')).toBeInTheDocument();
    expect(first.getByText(/14 Lake View Road/)).toBeInTheDocument();
    expect(first.getByText('Swift Couriers')).toBeInTheDocument();
    expect(first.getByText('22/11/2026')).toBeInTheDocument();
    expect(first.getByRole('row', { name: /Basmati rice 5 kg 2 5.00 kg 10.00 kg/ })).toBeInTheDocument();
    expect(first.getByRole('row', { name: /Sunflower oil 1 l 3 0.83 kg 2.50 kg/ })).toBeInTheDocument();
    expect(first.getByRole('row', { name: /Total 5 12.50 kg/ })).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'QR code of the tracking link of order 12' })).toBeInTheDocument();
    expect(screen.getByText('2 pages, one per order')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
    // Prices stay off a document that travels with the goods.
    expect(slips[0]).not.toHaveTextContent('$');
    expect(requestsTo('GET /api/orders/12')).toHaveLength(1);
  });

  it('prints the orders it reaches and names those it does not', async () => {
    stubFetch({
      'GET /api/orders/12': { status: 200, body: order(12) },
      'GET /api/orders/99': {
        status: 404,
        body: { error: 'Order not found', message: 'Order not found', code: 'not_found' },
      },
    });
    renderApp('/print/packing-slips?ids=12,99');
    expect(await screen.findByText('One order was left out')).toBeInTheDocument();
    expect(screen.getByText('Order #99: Order not found')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('gives a purchase order both parties, the lines with prices and the totals', async () => {
    stubFetch({ 'GET /api/replenishment-orders/31': { status: 200, body: supplyOrder } });
    renderApp('/print/purchase-orders?ids=31');
    const sheet = within(await screen.findByRole('article', { name: 'Purchase order 31' }));
    expect(sheet.getByText('PO #31')).toBeInTheDocument();
    expect(sheet.getByText('9 Foundry Lane, Pune')).toBeInTheDocument();
    expect(sheet.getByText('orders@acme.example')).toBeInTheDocument();
    expect(sheet.getByText('4 Warehouse Row, Pune')).toBeInTheDocument();
    expect(sheet.getByText('Waiting for update')).toBeInTheDocument();
    expect(sheet.getByRole('row', { name: /Hex bolt M8 12 120 \$0.35 \$42.00/ })).toBeInTheDocument();
    expect(sheet.getByRole('row', { name: /Total 120 \$42.00/ })).toBeInTheDocument();
  });

  it('says a link without orders prints nothing, and asks nothing of the server', async () => {
    const { requestsTo } = stubFetch({});
    renderApp('/print/packing-slips?ids=abc');
    expect(await screen.findByRole('heading', { name: 'Nothing to print' })).toBeInTheDocument();
    expect(screen.getByText(BAD_PRINT_LINK_TEXT)).toBeInTheDocument();
    expect(requestsTo('GET /api/orders/abc')).toHaveLength(0);
  });

  it('asks to log in again when the session has ended', async () => {
    stubFetch({
      'GET /api/orders/12': {
        status: 401,
        body: { error: 'Please log in', message: 'Please log in', code: 'not_logged_in' },
      },
    });
    renderApp('/print/packing-slips?ids=12');
    expect(await screen.findByRole('heading', { name: 'Sign in to print' })).toBeInTheDocument();
  });
});
