import type { OrderDetail } from '@depot/contract';
import { formatDate, formatDateTime, formatQuantity, formatWeight } from '@/lib/format';
import { QrCode } from './qr-code';

/** Grams of a weight in kg, so sums of lines stay exact (docs/decisions/002-money-in-cents-weight-in-grams.md). */
const gramsOf = (kg: number) => Math.round(kg * 1000);

/**
 * A customer order's packing slip and delivery note (docs/product/screens.md#printed-documents):
 * where it goes and who brings it, what is in the parcel and how much it weighs, and a QR code of
 * its tracking link. No prices: it travels with the goods.
 */
export function PackingSlip({ order }: { order: OrderDetail }) {
  const units = order.order_items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <article className="print-sheet" aria-label={`Packing slip of order ${order.id}`}>
      <header className="print-head">
        <div>
          <p className="print-brand">Depot</p>
          <h1 className="print-title">Packing slip</h1>
          <p className="print-number">Order #{order.id}</p>
          <p className="print-muted">Placed {formatDateTime(order.created_at)}</p>
        </div>
        <figure className="print-qr">
          <QrCode
            text={order.tracking_url}
            label={`QR code of the tracking link of order ${order.id}`}
            sizeMm={32}
          />
          <figcaption>Scan to follow this order</figcaption>
        </figure>
      </header>

      <section className="print-parties">
        <div>
          <h2>Deliver to</h2>
          <p className="print-strong">{order.customer_name}</p>
          <p className="print-address">{order.shipping_address}</p>
          <p>PIN {order.pin_code}</p>
          <p>Phone {order.phone_number}</p>
        </div>
        <div>
          <h2>Shipment</h2>
          <dl className="print-facts">
            <dt>Courier</dt>
            <dd>{order.courier_name}</dd>
            <dt>Expected delivery</dt>
            <dd>
              {order.status === 'Cancelled' || order.status === 'Returned'
                ? order.status
                : formatDate(order.delivery_date)}
            </dd>
            <dt>Location type</dt>
            <dd className="print-capitalize">{order.location_type}</dd>
            <dt>Status</dt>
            <dd>{order.status}</dd>
          </dl>
        </div>
      </section>

      <table className="print-table">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="print-number-cell">
              Quantity
            </th>
            <th scope="col" className="print-number-cell">
              Unit weight
            </th>
            <th scope="col" className="print-number-cell">
              Weight
            </th>
            <th scope="col" className="print-check-cell">
              Packed
            </th>
          </tr>
        </thead>
        <tbody>
          {order.order_items.map((item) => (
            <tr key={item.stock_id}>
              <td>{item.product_name}</td>
              <td className="print-number-cell">{formatQuantity(item.quantity)}</td>
              <td className="print-number-cell">{formatWeight(item.weight)}</td>
              <td className="print-number-cell">
                {formatWeight((gramsOf(item.weight) * item.quantity) / 1000)}
              </td>
              <td className="print-check-cell">
                <span className="print-box" aria-hidden="true" />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="print-number-cell">{formatQuantity(units)}</td>
            <td />
            <td className="print-number-cell">{formatWeight(order.consignment_weight)}</td>
            <td />
          </tr>
        </tfoot>
      </table>

      <section className="print-signatures">
        <div>
          <span>Packed by</span>
        </div>
        <div>
          <span>Received in good condition (name, signature, date)</span>
        </div>
      </section>
      <p className="print-foot">Tracking link: {order.tracking_url}</p>
    </article>
  );
}
