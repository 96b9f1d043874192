import { FINAL_SUPPLY_ORDER_STATUSES, type SupplierScorecard } from '@depot/contract';
import { sql } from 'kysely';
import { type Reach, reached } from '../../db/reach';
import type { Executor } from '../../db/schema';

const HOUR_MS = 3_600_000;

/**
 * Each supplier's scorecard over the supply orders the caller reaches
 * (docs/product/business-rules.md#supplier-scorecards): counts in one grouped query, units in
 * another, and the lead times of Delivered orders averaged here, as the two databases subtract
 * timestamps differently.
 */
export async function supplierScorecards(
  db: Executor,
  reach: Reach,
  now: string,
): Promise<SupplierScorecard[]> {
  const final = [...FINAL_SUPPLY_ORDER_STATUSES];
  const counts = await db
    .selectFrom('supply_orders')
    .where(reached('supply_orders', reach))
    .groupBy('supply_orders.supplier_id')
    .select((eb) => [
      'supply_orders.supplier_id',
      eb.fn.max('supply_orders.supplier_name').as('supplier_name'),
      eb.fn.countAll<number>().as('orders'),
      sql<number>`sum(case when status = 'Delivered' then 1 else 0 end)`.as('delivered'),
      sql<number>`sum(case when status = 'Delivered' and expected_delivery_time is not null then 1 else 0 end)`.as(
        'delivered_with_expected',
      ),
      sql<number>`sum(case when status = 'Delivered' and delivered_at <= expected_delivery_time then 1 else 0 end)`.as(
        'on_time',
      ),
      sql<number>`sum(case when status in (${sql.join(final)}) then 0 else 1 end)`.as('open'),
      sql<number>`sum(case when status not in (${sql.join(final)}) and expected_delivery_time < ${now} then 1 else 0 end)`.as(
        'overdue',
      ),
    ])
    .execute();
  const units = await db
    .selectFrom('supply_order_items as i')
    .innerJoin('supply_orders', 'supply_orders.id', 'i.order_id')
    .where(reached('supply_orders', reach))
    .where('supply_orders.status', 'in', final)
    .groupBy('supply_orders.supplier_id')
    .select((eb) => [
      'supply_orders.supplier_id',
      eb.fn.sum<number>('i.quantity').as('ordered'),
      eb.fn.sum<number>('i.delivered_quantity').as('delivered'),
    ])
    .execute();
  const deliveries = await db
    .selectFrom('supply_orders')
    .where(reached('supply_orders', reach))
    .where('status', '=', 'Delivered')
    .where('delivered_at', 'is not', null)
    .select(['supplier_id', 'created_at', 'delivered_at'])
    .execute();

  const leadTimes = new Map<number, { total: number; count: number }>();
  for (const order of deliveries) {
    const hours = (Date.parse(order.delivered_at ?? '') - Date.parse(order.created_at)) / HOUR_MS;
    const sum = leadTimes.get(order.supplier_id) ?? { total: 0, count: 0 };
    leadTimes.set(order.supplier_id, { total: sum.total + hours, count: sum.count + 1 });
  }
  const unitsOf = new Map(units.map((row) => [row.supplier_id, row]));
  const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
  return counts
    .map((row) => {
      const closed = unitsOf.get(row.supplier_id);
      const lead = leadTimes.get(row.supplier_id);
      return {
        supplier_id: row.supplier_id,
        supplier_name: String(row.supplier_name ?? ''),
        orders: Number(row.orders),
        delivered_orders: Number(row.delivered),
        on_time_rate: ratio(Number(row.on_time), Number(row.delivered_with_expected)),
        fill_rate: ratio(Number(closed?.delivered ?? 0), Number(closed?.ordered ?? 0)),
        average_lead_time_hours: lead ? lead.total / lead.count : null,
        open_orders: Number(row.open),
        overdue_orders: Number(row.overdue),
      };
    })
    .sort((a, b) => a.supplier_name.localeCompare(b.supplier_name) || a.supplier_id - b.supplier_id);
}
