import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Business, Ledger, PlacedWrite, StatusChange } from './workload';

/**
 * What must hold in the database after any number of crashes, given what the clients were told.
 * Each check returns the violations it found as sentences; an empty list means it held.
 */

export interface InvariantReport {
  /** Names of the checks run, in order. */
  checked: string[];
  violations: string[];
  /** Placements whose answer was lost that turned out to have committed (found in the database). */
  committedWithoutAnswer: number;
}

const TAG = /(?:Crash test|Dock) (\S+)$/;

/** The status an order may have now: its last acknowledged one, or any sent after it without an answer. */
function allowedStatuses(changes: StatusChange[], orderId: number, initial: string): Set<string> {
  const own = changes.filter((change) => change.orderId === orderId);
  let allowed = new Set([initial]);
  for (const change of own) {
    if (change.outcome === 'acknowledged') allowed = new Set([change.status]);
    else if (change.outcome === 'unknown') allowed.add(change.status);
  }
  return allowed;
}

/** Each order's lines as item id → quantity. */
function linesByOrder<Item extends { order_id: number; quantity: number }>(
  items: Item[],
  itemId: (item: Item) => number,
) {
  const lines = new Map<number, Map<number, number>>();
  for (const item of items) {
    const ofOrder = lines.get(item.order_id) ?? new Map<number, number>();
    ofOrder.set(itemId(item), (ofOrder.get(itemId(item)) ?? 0) + item.quantity);
    lines.set(item.order_id, ofOrder);
  }
  return lines;
}

function comparePlacements(
  kind: string,
  writes: PlacedWrite[],
  rows: { id: number; tag: string | undefined; lines: Map<number, number> }[],
  violations: string[],
) {
  const byTag = new Map<string, (typeof rows)[number][]>();
  for (const row of rows) {
    if (!row.tag) {
      violations.push(`${kind} #${row.id} was not placed by any client`);
      continue;
    }
    byTag.set(row.tag, [...(byTag.get(row.tag) ?? []), row]);
  }
  const sentTags = new Set(writes.map((write) => write.tag));
  for (const [tag, found] of byTag) {
    if (found.length > 1) violations.push(`${kind} ${tag} was placed ${found.length} times`);
    if (!sentTags.has(tag)) violations.push(`${kind} ${tag} is in the database but no client sent it`);
  }
  for (const write of writes) {
    const row = byTag.get(write.tag)?.[0];
    if (write.outcome === 'acknowledged') {
      if (!row) {
        violations.push(`acknowledged ${kind} ${write.tag} (#${write.id}) is missing`);
        continue;
      }
      if (row.id !== write.id)
        violations.push(`${kind} ${write.tag} is #${row.id}, acknowledged as #${write.id}`);
      const expected = new Map(write.items.map((item) => [item.id, item.quantity]));
      if (JSON.stringify([...row.lines].sort()) !== JSON.stringify([...expected].sort())) {
        violations.push(
          `${kind} ${write.tag} has lines ${JSON.stringify([...row.lines])}, sent ${JSON.stringify([...expected])}`,
        );
      }
    } else if (write.outcome === 'refused' && row) {
      violations.push(
        `${kind} ${write.tag} was refused${write.diedUncommitted ? ' (died uncommitted)' : ''} but exists`,
      );
    }
  }
}

export async function checkInvariants(
  db: Kysely<Database>,
  business: Business,
  ledger: Ledger,
): Promise<InvariantReport> {
  const violations: string[] = [];
  const checked: string[] = [];
  const check = async (name: string, run: () => Promise<void>) => {
    checked.push(name);
    await run();
  };

  const orders = await db
    .selectFrom('orders')
    .select(['id', 'shipping_address', 'status', 'customer_id', 'created_at', 'items_total_cents'])
    .orderBy('id')
    .execute();
  const orderItems = await db
    .selectFrom('order_items')
    .select(['order_id', 'stock_id', 'quantity'])
    .execute();
  const supplyOrders = await db
    .selectFrom('supply_orders')
    .select(['id', 'address', 'status', 'delivered_at'])
    .orderBy('id')
    .execute();
  const supplyItems = await db
    .selectFrom('supply_order_items')
    .select(['order_id', 'product_id', 'product_name', 'quantity', 'delivered_quantity'])
    .execute();
  const orderLines = linesByOrder(orderItems, (item) => item.stock_id);
  // A cancelled order's units went back to stock: they are neither taken nor sold.
  const cancelledIds = new Set(
    orders.filter((order) => order.status === 'Cancelled').map((order) => order.id),
  );
  const keptItems = orderItems.filter((item) => !cancelledIds.has(item.order_id));
  const supplyLines = linesByOrder(supplyItems, (item) => item.product_id);

  await check('no order without its lines', async () => {
    for (const order of orders) {
      if (!orderLines.has(order.id)) violations.push(`order #${order.id} has no lines`);
    }
    for (const order of supplyOrders) {
      if (!supplyLines.has(order.id)) violations.push(`replenishment order #${order.id} has no lines`);
    }
  });

  await check('every acknowledged placement present with its lines, none twice, none invented', async () => {
    comparePlacements(
      'order',
      ledger.orders,
      orders.map((order) => ({
        id: order.id,
        tag: TAG.exec(order.shipping_address)?.[1],
        lines: orderLines.get(order.id) ?? new Map(),
      })),
      violations,
    );
    comparePlacements(
      'replenishment order',
      ledger.supplyOrders,
      supplyOrders.map((order) => ({
        id: order.id,
        tag: TAG.exec(order.address)?.[1],
        lines: supplyLines.get(order.id) ?? new Map(),
      })),
      violations,
    );
  });

  await check(
    'every status is the last acknowledged one or one sent after it without an answer',
    async () => {
      for (const order of orders) {
        const allowed = allowedStatuses(ledger.orderStatusChanges, order.id, 'Processing');
        if (!allowed.has(order.status)) {
          violations.push(
            `order #${order.id} is ${order.status}, expected one of ${[...allowed].join(', ')}`,
          );
        }
      }
      for (const order of supplyOrders) {
        const allowed = allowedStatuses(ledger.supplyStatusChanges, order.id, 'Order Received');
        if (!allowed.has(order.status)) {
          violations.push(
            `replenishment order #${order.id} is ${order.status}, expected one of ${[...allowed].join(', ')}`,
          );
        }
        const lines = supplyItems.filter((item) => item.order_id === order.id);
        for (const line of lines) {
          const whole = order.status === 'Delivered';
          if (line.delivered_quantity > line.quantity || (whole && line.delivered_quantity !== line.quantity))
            violations.push(
              `replenishment order #${order.id} (${order.status}) has ${line.delivered_quantity} of ${line.quantity} of product #${line.product_id} delivered`,
            );
        }
        if ((order.status === 'Delivered') !== (order.delivered_at !== null)) {
          violations.push(
            `replenishment order #${order.id} is ${order.status} with delivered_at ${order.delivered_at}`,
          );
        }
      }
    },
  );

  const stocks = await db
    .selectFrom('stocks')
    .select(['id', 'name', 'quantity', 'inventory_manager_id'])
    .where('inventory_manager_id', '=', business.manager.user.id)
    .execute();
  const products = await db
    .selectFrom('supplier_products')
    .select(['id', 'name', 'quantity'])
    .where('supplier_id', '=', business.supplier.user.id)
    .execute();

  await check('no quantity negative', async () => {
    for (const row of [...stocks, ...products]) {
      if (row.quantity < 0) violations.push(`${row.name} (#${row.id}) holds ${row.quantity}`);
    }
  });

  await check(
    'every stock quantity = start - what placed orders took + what deliveries brought',
    async () => {
      for (const stock of business.stocks) {
        const taken = keptItems
          .filter((item) => item.stock_id === stock.id)
          .reduce((sum, item) => sum + item.quantity, 0);
        // Whole deliveries and partial ones alike: each line's delivered units.
        const brought = supplyItems
          .filter((item) => item.product_name.toLowerCase() === stock.name.toLowerCase())
          .reduce((sum, item) => sum + item.delivered_quantity, 0);
        const row = stocks.find((candidate) => candidate.id === stock.id);
        const expected = stock.start - taken + brought;
        if (row?.quantity !== expected) {
          violations.push(
            `${stock.name} holds ${row?.quantity}, expected ${stock.start} - ${taken} + ${brought}`,
          );
        }
      }
      const extra = stocks.filter((row) => !business.stocks.some((stock) => stock.id === row.id));
      for (const row of extra)
        violations.push(`a delivery created a second stock item ${row.name} (#${row.id})`);
    },
  );

  await check(
    "every stock quantity = the sum of its movements, and its newest movement's quantity after",
    async () => {
      const movements = await db
        .selectFrom('stock_movements')
        .select(['id', 'stock_id', 'change', 'quantity_after', 'reason', 'order_id', 'supply_order_id'])
        .orderBy('id')
        .execute();
      for (const row of await db.selectFrom('stocks').select(['id', 'name', 'quantity']).execute()) {
        const own = movements.filter((movement) => movement.stock_id === row.id);
        const sum = own.reduce((total, movement) => total + movement.change, 0);
        if (sum !== row.quantity)
          violations.push(`${row.name} (#${row.id}) holds ${row.quantity}, its movements add up to ${sum}`);
        let running = 0;
        for (const movement of own) {
          running += movement.change;
          if (movement.quantity_after !== running) {
            violations.push(
              `movement #${movement.id} of ${row.name} says ${movement.quantity_after} after, the changes before it add up to ${running}`,
            );
            break;
          }
        }
      }
      // The tallies an item's History reads its total from count exactly its movements.
      const counted = new Map<string, number>();
      for (const movement of movements) {
        const key = `${movement.stock_id} ${movement.reason}`;
        counted.set(key, (counted.get(key) ?? 0) + 1);
      }
      const tallies = await db
        .selectFrom('stock_movement_tallies')
        .select(['stock_id', 'reason', 'movements'])
        .execute();
      for (const tally of tallies) {
        const key = `${tally.stock_id} ${tally.reason}`;
        if (counted.get(key) !== tally.movements)
          violations.push(
            `item #${tally.stock_id} tallies ${tally.movements} ${tally.reason} movements, has ${counted.get(key) ?? 0}`,
          );
        counted.delete(key);
      }
      for (const [key, count] of counted) violations.push(`${count} movements (${key}) with no tally`);
      // Each order line and each delivered line is exactly one movement; each line of a cancelled
      // order one more, its return (once, however many cancels raced).
      const orderMovements = movements.filter((movement) => movement.reason === 'order');
      if (orderMovements.length !== orderItems.length) {
        violations.push(`${orderItems.length} order lines, ${orderMovements.length} order movements`);
      }
      const cancelledLines = orderItems.length - keptItems.length;
      const returns = movements.filter((movement) => movement.reason === 'order_cancelled');
      if (returns.length !== cancelledLines) {
        violations.push(`${cancelledLines} lines of cancelled orders, ${returns.length} returns`);
      }
    },
  );

  await check(
    'every product quantity = start - what replenishment orders took, less what cancels returned',
    async () => {
      const canceled = new Set(
        supplyOrders.filter((order) => order.status === 'Canceled').map((order) => order.id),
      );
      for (const product of business.products) {
        // A canceled order gives back only what it had not delivered.
        const taken = supplyItems
          .filter((item) => item.product_id === product.id)
          .reduce(
            (sum, item) => sum + (canceled.has(item.order_id) ? item.delivered_quantity : item.quantity),
            0,
          );
        const row = products.find((candidate) => candidate.id === product.id);
        if (row?.quantity !== product.start - taken) {
          violations.push(
            `product ${product.name} holds ${row?.quantity}, expected ${product.start} - ${taken}`,
          );
        }
      }
    },
  );

  await check('the report summaries agree with the rows', async () => {
    const sum = async (
      table:
        | 'order_daily_stats'
        | 'product_daily_sales'
        | 'product_monthly_sales'
        | 'supplier_daily_deliveries',
      column: string,
    ) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(eb.ref(column as never)), eb.val(0)).as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    };
    const unitsSold = keptItems.reduce((total, item) => total + item.quantity, 0);
    const unitsDelivered = supplyItems.reduce((total, item) => total + item.delivered_quantity, 0);
    const expectations: [string, number, number][] = [
      ['orders per day', await sum('order_daily_stats', 'total_orders'), orders.length],
      [
        'delivered orders per day',
        await sum('order_daily_stats', 'delivered_orders'),
        orders.filter((order) => order.status === 'Delivered').length,
      ],
      [
        'orders counted as sales per day',
        await sum('order_daily_stats', 'counted_orders'),
        orders.filter((order) => !cancelledIds.has(order.id)).length,
      ],
      [
        'revenue per day',
        await sum('order_daily_stats', 'revenue_cents'),
        orders
          .filter((order) => !cancelledIds.has(order.id))
          .reduce((total, order) => total + order.items_total_cents, 0),
      ],
      ['units sold per day', await sum('product_daily_sales', 'units'), unitsSold],
      ['units sold per month', await sum('product_monthly_sales', 'units'), unitsSold],
      ['units delivered per day', await sum('supplier_daily_deliveries', 'units'), unitsDelivered],
    ];
    for (const [what, summary, rows] of expectations) {
      if (summary !== rows) violations.push(`summary of ${what} says ${summary}, the rows ${rows}`);
    }
  });

  const placedTags = new Set([
    ...orders.map((o) => TAG.exec(o.shipping_address)?.[1]),
    ...supplyOrders.map((o) => TAG.exec(o.address)?.[1]),
  ]);
  const committedWithoutAnswer = [...ledger.orders, ...ledger.supplyOrders].filter(
    (write) => write.outcome === 'unknown' && placedTags.has(write.tag),
  ).length;
  return { checked, violations, committedWithoutAnswer };
}
