import { IMPORT_MAX_BYTES, IMPORT_MESSAGES, type ImportReport } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

/**
 * CSV imports (docs/decisions/019-data-in-and-out.md), on whichever database the project runs: a
 * dry run that changes nothing, a commit that does everything or nothing, matching by SKU or
 * name, stock movements, clear refusals of bad files, and the export → import round trip.
 */

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function upload(path: string, session: Session | undefined, file: string | Buffer) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'text/csv', ...(session ? { cookie: session.cookie } : {}) },
    payload: file,
  });
}

const STOCKS = '/api/stocks/import';
const PRODUCTS = '/api/stock-replenishment/products/import';

async function report(path: string, session: Session, file: string | Buffer): Promise<ImportReport> {
  const response = await upload(path, session, file);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function stocksOf(session: Session) {
  const response = await t.call('GET', '/api/stocks?sort=stock_name', session);
  return (response.json() as Record<string, unknown>[]).map(({ stock_id: _id, ...rest }) => rest);
}

async function movementsOf(session: Session, stockId: number) {
  return (await t.call('GET', `/api/stocks/${stockId}/movements`, session)).json() as {
    change: number;
    quantity_after: number;
    reason: string;
  }[];
}

/** Everything a file could have changed, to show that it changed nothing. */
async function snapshot() {
  return {
    stocks: await t.count('stocks'),
    movements: await t.count('stock_movements'),
    products: await t.count('supplier_products'),
    rows: await t.database.db.selectFrom('stocks').selectAll().orderBy('id').execute(),
  };
}

const FILE = [
  'sku,stock_name,price,quantity,weight',
  'RICE-5,Basmati rice 5 kg,12.50,40,5',
  ',Mustard oil 1 l,3.2,12,0.95',
  'DAL-1,Toor dal,2,0,1',
].join('\r\n');

describe('importing stock items', () => {
  let manager: Session;
  beforeAll(async () => {
    manager = await registerAndLogin(t.app, 'Inventory Manager');
  });

  it('reports on a dry run what each row would do, and writes nothing', async () => {
    const before = await snapshot();
    const dry = await report(`${STOCKS}/dry-run`, manager, FILE);
    expect(dry.committed).toBe(false);
    expect(dry.counts).toEqual({ create: 3, update: 0, unchanged: 0, error: 0 });
    expect(dry.rows.map((row) => [row.row, row.action, row.name, row.sku])).toEqual([
      [2, 'create', 'Basmati rice 5 kg', 'RICE-5'],
      [3, 'create', 'Mustard oil 1 l', null],
      [4, 'create', 'Toor dal', 'DAL-1'],
    ]);
    expect(dry.problems).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('commits the rows, each new item with an import movement; the same file again changes nothing', async () => {
    const done = await report(STOCKS, manager, FILE);
    expect(done.committed).toBe(true);
    expect(done.counts.create).toBe(3);
    const stocks = await stocksOf(manager);
    expect(stocks).toEqual([
      {
        stock_name: 'Basmati rice 5 kg',
        price: 12.5,
        quantity: 40,
        weight: 5,
        sku: 'RICE-5',
        inventory_manager_id: manager.user.id,
      },
      {
        stock_name: 'Mustard oil 1 l',
        price: 3.2,
        quantity: 12,
        weight: 0.95,
        sku: null,
        inventory_manager_id: manager.user.id,
      },
      {
        stock_name: 'Toor dal',
        price: 2,
        quantity: 0,
        weight: 1,
        sku: 'DAL-1',
        inventory_manager_id: manager.user.id,
      },
    ]);
    const rice = (await t.call('GET', '/api/stocks?q=basmati', manager)).json()[0];
    expect(await movementsOf(manager, rice.stock_id)).toMatchObject([
      { change: 40, quantity_after: 40, reason: 'import' },
    ]);

    const before = await snapshot();
    const again = await report(STOCKS, manager, FILE);
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('updates by SKU (a rename too) or by name in any letter case, with movements for quantity changes', async () => {
    const file = [
      'sku,stock_name,price,quantity,weight',
      'RICE-5,Basmati rice 5 kg (new pack),12.50,25,5',
      ',MUSTARD OIL 1 L,3.2,12,0.95',
    ].join('\n');
    const dry = await report(`${STOCKS}/dry-run`, manager, file);
    expect(dry.rows.map((row) => [row.action, row.changes])).toEqual([
      ['update', ['name', 'quantity']],
      ['update', ['name']],
    ]);
    await report(STOCKS, manager, file);
    const rice = (await t.call('GET', '/api/stocks?q=new pack', manager)).json()[0];
    expect(rice.quantity).toBe(25);
    expect((await movementsOf(manager, rice.stock_id))[0]).toMatchObject({
      change: -15,
      quantity_after: 25,
      reason: 'import',
    });
  });

  it('gives back the same data from its own export: export → import changes nothing', async () => {
    await t.call('POST', '/api/stocks', manager, {
      name: '-5 crates =SUM(A1)',
      price: '1',
      quantity: '3',
      weight: '2',
    });
    await t.call('POST', '/api/stocks', manager, {
      name: 'Dal, "premium"',
      price: '4.75',
      quantity: '1',
      weight: '1',
    });
    const exported = await t.call('GET', '/api/stocks', manager, undefined, { accept: 'text/csv' });
    expect(exported.body).toContain("'-5 crates =SUM(A1)");
    const before = await snapshot();
    const dry = await report(`${STOCKS}/dry-run`, manager, exported.rawPayload);
    expect(dry.counts).toEqual({ create: 0, update: 0, unchanged: 5, error: 0 });
    const done = await report(STOCKS, manager, exported.rawPayload);
    expect(done.counts.unchanged).toBe(5);
    expect(await snapshot()).toEqual(before);
  });

  it('reports every bad row with its row, column and reason, and a commit then changes nothing', async () => {
    const file = [
      'sku,name,price,quantity,weight',
      'A-1,Good item,1,1,1',
      'A-2,Bad price,abc,1,1',
      'A-3,Negative quantity,1,-4,1',
      'A-1,Repeated SKU,1,1,1',
      'A-5,,1,1,1',
      'A-6,Half a unit,1,1.5,1',
      'A-7,Too many cells,1,1,1,1',
    ].join('\n');
    const before = await snapshot();
    const dry = await report(`${STOCKS}/dry-run`, manager, file);
    expect(dry.problems.map((problem) => [problem.row, problem.column])).toEqual([
      [3, 'price'],
      [4, 'quantity'],
      [5, 'sku'],
      [6, 'stock_name'],
      [7, 'quantity'],
      [8, null],
    ]);
    expect(dry.problems.find((problem) => problem.row === 5)?.reason).toBe('SKU A-1 is also on row 2.');
    expect(dry.counts).toEqual({ create: 1, update: 0, unchanged: 0, error: 6 });

    const commit = await upload(STOCKS, manager, file);
    expect(commit.statusCode).toBe(400);
    expect(commit.json().code).toBe('import_has_problems');
    expect(commit.json().details).toContainEqual({ path: 'row 3.price', message: expect.any(String) });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad files with a clear reason and changes nothing', async () => {
    const before = await snapshot();
    const refusal = async (file: string | Buffer, status = 400) => {
      const response = await upload(STOCKS, manager, file);
      expect(response.statusCode, response.body).toBe(status);
      return response.json() as { code: string; message: string };
    };
    const latin1 = Buffer.from('stock_name,price,quantity,weight\nCafé crème,1,1,1\n', 'latin1');
    expect(await refusal(latin1)).toMatchObject({
      code: 'invalid_import_file',
      message: IMPORT_MESSAGES.notUtf8,
    });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('stock_name,price\n', 'utf16le')]);
    expect((await refusal(utf16)).message).toBe(IMPORT_MESSAGES.utf16);
    expect((await refusal('stock_name,price,quantity\nRice,1,1\n')).message).toBe(
      'The file has no weight column.',
    );
    expect((await refusal('stock_name,price,quantity,weight,colour\nRice,1,1,1,red\n')).message).toBe(
      'Unknown column colour; the columns are stock_name, price, quantity, weight, sku.',
    );
    expect((await refusal('')).code).toBe('invalid_import_file');
    expect((await refusal('stock_name,price,quantity,weight\n')).message).toBe(IMPORT_MESSAGES.noRows);
    expect((await refusal('stock_name,price,quantity,weight\n"Rice,1,1,1\n')).message).toMatch(
      /^The file is not valid CSV/,
    );
    const huge = `stock_name,price,quantity,weight\n${'Rice,1,1,1\n'.repeat(Math.ceil(IMPORT_MAX_BYTES / 11) + 10)}`;
    expect(await refusal(huge, 413)).toMatchObject({
      code: 'body_too_large',
      message: IMPORT_MESSAGES.tooLarge,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('finds exactly the seven bad rows of 10,000, and commits once they are fixed', async () => {
    const owner = await registerAndLogin(t.app, 'Inventory Manager');
    const bad = new Map<number, [string, string]>([
      [17, ['price', '12,5']],
      [903, ['quantity', 'ten']],
      [2_500, ['weight', '-1']],
      [4_444, ['price', '']],
      [6_001, ['quantity', '2.5']],
      [8_765, ['weight', '9999999']],
      [9_999, ['price', '1e3']],
    ]);
    const lines = (withBad: boolean) => [
      'sku,stock_name,price,quantity,weight',
      ...Array.from({ length: 10_000 }, (_, index) => {
        const cells: Record<string, string> = { price: '1.25', quantity: String(index), weight: '0.5' };
        const broken = withBad ? bad.get(index + 2) : undefined;
        if (broken) cells[broken[0]] = broken[1];
        return `SKU-${index},Item ${index},"${cells.price}",${cells.quantity},${cells.weight}`;
      }),
    ];
    const before = await t.count('stocks');
    const dry = await report(`${STOCKS}/dry-run`, owner, lines(true).join('\n'));
    expect(dry.problems.map((problem) => [problem.row, problem.column])).toEqual(
      [...bad].map(([row, [column]]) => [row, column]),
    );
    expect((await upload(STOCKS, owner, lines(true).join('\n'))).statusCode).toBe(400);
    expect(await t.count('stocks')).toBe(before);
    const done = await report(STOCKS, owner, lines(false).join('\n'));
    expect(done.counts.create).toBe(10_000);
    expect(await t.count('stocks')).toBe(before + 10_000);
  }, 120_000);
});

describe('importing a catalogue, and who may import', () => {
  it("imports a supplier's catalogue, matched by name on the second run", async () => {
    const supplier = await registerAndLogin(t.app, 'Supplier');
    const file = 'name,price,weight,quantity\nBox of nails,2,1,10\nCement 50 kg,7.5,50,100\n';
    expect((await report(`${PRODUCTS}/dry-run`, supplier, file)).counts.create).toBe(2);
    await report(PRODUCTS, supplier, file);
    const products = (await t.call('GET', '/api/stock-replenishment/products?sort=name', supplier)).json();
    expect(products.map((product: { name: string; price: number }) => [product.name, product.price])).toEqual(
      [
        ['Box of nails', 2],
        ['Cement 50 kg', 7.5],
      ],
    );
    const exported = await t.call('GET', '/api/stock-replenishment/products', supplier, undefined, {
      accept: 'text/csv',
    });
    expect((await report(`${PRODUCTS}/dry-run`, supplier, exported.rawPayload)).counts.unchanged).toBe(2);
  });

  it('lets only managers import stock and only suppliers import catalogues, each into their own', async () => {
    const manager = await registerAndLogin(t.app, 'Inventory Manager');
    const supplier = await registerAndLogin(t.app, 'Supplier');
    const customer = await registerAndLogin(t.app, 'Customer');
    const stockFile = 'stock_name,price,quantity,weight\nRice,1,1,1\n';
    expect((await upload(STOCKS, supplier, stockFile)).statusCode).toBe(403);
    expect((await upload(STOCKS, customer, stockFile)).statusCode).toBe(403);
    expect(
      (await upload(`${PRODUCTS}/dry-run`, manager, 'name,price,weight,quantity\nA,1,1,1\n')).statusCode,
    ).toBe(403);
    expect((await upload(STOCKS, undefined, stockFile)).statusCode).toBe(401);
    // Another manager's item of the same name is not this one's: it is created, not updated.
    await report(STOCKS, manager, stockFile);
    const other = await registerAndLogin(t.app, 'Inventory Manager');
    expect((await report(`${STOCKS}/dry-run`, other, stockFile)).counts.create).toBe(1);
  });
});
