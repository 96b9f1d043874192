import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import {
  DEMO_COURIERS,
  DEMO_CUSTOMERS,
  DEMO_MANAGERS,
  DEMO_PASSWORD,
  DEMO_SUPPLIERS,
  demoEmail,
} from './demo-business';
import { createDemoClock, demoTrackingUrl, seedDemoIfMissing } from './seed-demo';

/**
 * One login of each role, and how many more there are, and a live order's tracking link to open
 * signed out: what `npm run demo` prints.
 */
function printLogins(trackingUrl: string | null) {
  const rows: [string, string][] = [
    ['Inventory Manager', demoEmail(DEMO_MANAGERS[0]?.name ?? '')],
    ['Supplier', demoEmail(DEMO_SUPPLIERS[0]?.name ?? '')],
    ['Courier Service', demoEmail(DEMO_COURIERS[0]?.name ?? '')],
    ['Customer', demoEmail(DEMO_CUSTOMERS[0]?.name ?? '')],
  ];
  console.log('\nDemo logins (every demo account has the password below):');
  for (const [role, email] of rows) console.log(`  ${role.padEnd(18)} ${email}`);
  console.log(`  ${'Password'.padEnd(18)} ${DEMO_PASSWORD}`);
  if (trackingUrl) console.log(`  ${'Tracking link'.padEnd(18)} ${trackingUrl} (no login needed)`);
  console.log(
    `  Also: ${DEMO_MANAGERS.length} managers, ${DEMO_SUPPLIERS.length} suppliers, ${DEMO_COURIERS.length} couriers and ${DEMO_CUSTOMERS.length} customers, all at @demo.depot.test\n`,
  );
}

/** `--days N` lives a shorter history (the browser tests use a month); a year by default. */
function daysArgument(args: string[]): number {
  const index = args.indexOf('--days');
  if (index === -1) return 365;
  const days = Number(args[index + 1]);
  if (!Number.isInteger(days) || days < 1 || days > 3650) {
    console.error('--days takes a whole number of days from 1 to 3650');
    process.exit(1);
  }
  return days;
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    // The seeding app lives a year in minutes: its sessions must outlast long jumps of its clock.
    config = loadConfig({
      ...process.env,
      SESSION_IDLE_MINUTES: '1440',
      SESSION_MAX_HOURS: '720',
      LOG_LEVEL: 'warn',
      // Staff wait for approval, as on a real install: the first manager approves the others
      // (docs/decisions/016-accounts-belong-to-their-owners.md).
      REGISTRATION: 'approval',
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const days = daysArgument(process.argv.slice(2));
  const clock = createDemoClock(new Date());
  const app = await buildApp({ config, clock, logger: false });
  try {
    const started = Date.now();
    const summary = await seedDemoIfMissing(app, clock, { days, log: (line) => console.log(line) });
    if (!summary) {
      console.log(`The demo business is already in ${config.databaseUrl}; nothing was added.`);
    } else {
      const supply = Object.entries(summary.supplyOrders)
        .map(([status, count]) => `${count} ${status}`)
        .join(', ');
      console.log(
        `Created in ${config.databaseUrl} in ${Math.round((Date.now() - started) / 1000)} s: ${summary.orders} customer orders (${summary.cancelled.byCustomers} cancelled by their customers, ${summary.cancelled.byManagers} by managers, ${summary.reassigned} handed to another courier; ${summary.attempts} failed delivery attempts, ${summary.returned} returned, ${summary.reopened} reopened; ${summary.proofs.code} delivered on the customer's code, ${summary.proofs.photo} with a photo); supply orders: ${supply}.`,
      );
    }
    printLogins(await demoTrackingUrl(app, config.publicUrl));
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
