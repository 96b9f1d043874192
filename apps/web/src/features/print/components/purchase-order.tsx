import { SUPPLY_ORDER_MESSAGES, type SupplyOrderDetail } from '@depot/contract';
import { formatDate, formatDateTime, formatMoney, formatQuantity } from '@/lib/format';

/** Cents of an amount in dollars, so line amounts add up exactly (docs/decisions/002-money-in-cents-weight-in-grams.md). */
const centsOf = (dollars: number) => Math.round(dollars * 100);

/**
 * A supply order's purchase order (docs/product/screens.md#printed-documents): who buys from whom,
 * where to deliver, what at which price, and when it is expected.
 */
export function PurchaseOrder({ order }: { order: SupplyOrderDetail }) {
  const partly = order.delivered_quantity > 0;
  return (
    <article className="print-sheet" aria-label={`Purchase order ${order.id}`}>
      <header className="print-head">
        <div>
          <p className="print-brand">Depot</p>
          <h1 className="print-title">Purchase order</h1>
          <p className="print-number">PO #{order.id}</p>
          <p className="print-muted">Placed {formatDate(order.created_at)}</p>
        </div>
        <dl className="print-facts print-facts-aside">
          <dt>Status</dt>
          <dd>{order.status}</dd>
          <dt>Expected delivery</dt>
          <dd>
            {order.expected_delivery_time
              ? formatDateTime(order.expected_delivery_time)
              : SUPPLY_ORDER_MESSAGES.waitingForUpdate}
          </dd>
        </dl>
      </header>

      <section className="print-parties">
        <div>
          <h2>Supplier</h2>
          <p className="print-strong">{order.supplier_name}</p>
          {order.supplier_address && <p className="print-address">{order.supplier_address}</p>}
          {order.supplier_phone_number && <p>Phone {order.supplier_phone_number}</p>}
          <p>{order.supplier_email}</p>
        </div>
        <div>
          <h2>Buyer and delivery address</h2>
          <p className="print-strong">{order.inventory_manager_name}</p>
          <p className="print-address">{order.address}</p>
          <p>Mobile {order.mobile_number}</p>
          <p>{order.inventory_manager_email}</p>
        </div>
      </section>

      <table className="print-table">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="print-number-cell">
              Product ID
            </th>
            <th scope="col" className="print-number-cell">
              Quantity
            </th>
            {partly && (
              <th scope="col" className="print-number-cell">
                Delivered
              </th>
            )}
            <th scope="col" className="print-number-cell">
              Unit price
            </th>
            <th scope="col" className="print-number-cell">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {order.order_items.map((item) => (
            <tr key={item.product_id}>
              <td>{item.product_name}</td>
              <td className="print-number-cell">{item.product_id}</td>
              <td className="print-number-cell">{formatQuantity(item.quantity)}</td>
              {partly && <td className="print-number-cell">{formatQuantity(item.delivered_quantity)}</td>}
              <td className="print-number-cell">{formatMoney(item.price)}</td>
              <td className="print-number-cell">
                {formatMoney((centsOf(item.price) * item.quantity) / 100)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td className="print-number-cell">{formatQuantity(order.total_quantity)}</td>
            {partly && <td className="print-number-cell">{formatQuantity(order.delivered_quantity)}</td>}
            <td />
            <td className="print-number-cell">{formatMoney(order.total_cost)}</td>
          </tr>
        </tfoot>
      </table>

      <section className="print-signatures">
        <div>
          <span>Ordered by {order.inventory_manager_name}</span>
        </div>
        <div>
          <span>Accepted by the supplier (name, signature, date)</span>
        </div>
      </section>
    </article>
  );
}
