import {
  DELIVERY_CODE_MAX_TRIES,
  type OrderDetail,
  PROOF_MESSAGES,
  PROOF_PHOTO_MAX_BYTES,
  wrongDeliveryCodeMessage,
} from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeProofOf, photoProof } from '../../test/delivery-proof';
import { proofPhotoBytes } from '../../test/proof-photo';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

// Proof of delivery (docs/decisions/032-proof-of-delivery.md), on SQLite and PostgreSQL alike.

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;
let manager: Session;
let otherManager: Session;
let customer: Session;
let otherCustomer: Session;
let courier: Session;
let otherCourier: Session;
let stockId: number;

beforeAll(async () => {
  t = await createTestApp();
  [manager, otherManager, customer, otherCustomer, courier, otherCourier] = await Promise.all([
    registerAndLogin(t.app, 'Inventory Manager'),
    registerAndLogin(t.app, 'Inventory Manager'),
    registerAndLogin(t.app, 'Customer', { name: 'Asha' }),
    registerAndLogin(t.app, 'Customer', { name: 'Ravi' }),
    registerAndLogin(t.app, 'Courier Service', { name: 'Speedy Couriers' }),
    registerAndLogin(t.app, 'Courier Service', { name: 'Other Couriers' }),
  ]);
  const stock = await t.call('POST', '/api/stocks', manager, {
    name: 'Rice 5 kg',
    price: '2.50',
    quantity: 1000,
    weight: '0.5',
  });
  expect(stock.statusCode).toBe(201);
  stockId = stock.json().stock.stock_id;
});
afterAll(async () => {
  await t.close();
});

async function placeOrder() {
  const response = await t.call('POST', '/api/orders', customer, {
    shipping_address: '12 Park Street, Connaught Place',
    pin_code: '110001',
    location_type: 'urban',
    phone_number: '+91 98765 43210',
    courier_service_id: courier.user.id,
    items: [{ stock_id: stockId, quantity: 1 }],
  });
  expect(response.statusCode).toBe(201);
  return response.json().order.id as number;
}

const deliver = (id: number, proof: unknown, key?: string) =>
  t.call(
    'PUT',
    `/api/orders/${id}`,
    courier,
    { status: 'Delivered', ...(proof === undefined ? {} : { proof }) },
    key === undefined ? {} : { 'idempotency-key': key },
  );
const detailAs = async (id: number, who: Session) =>
  (await t.call('GET', `/api/orders/${id}`, who)).json() as OrderDetail;
const statusOf = async (id: number) => (await detailAs(id, customer)).status;
const wrongCodeOf = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');
const proofRows = (id: number) =>
  t.database.db.selectFrom('order_proofs').selectAll().where('order_id', '=', id).execute();

describe('the delivery code', () => {
  it('is four random digits its customer sees on the order page and the tracking page, and nobody else', async () => {
    const id = await placeOrder();
    const mine = await detailAs(id, customer);
    expect(mine.delivery_code).toMatch(/^\d{4}$/);
    expect((await detailAs(id, courier)).delivery_code).toBeNull();
    expect((await detailAs(id, manager)).delivery_code).toBeNull();
    const token = mine.tracking_url.split('/track/')[1] ?? '';
    const tracking = await t.app.inject({ method: 'GET', url: `/api/track/${token}` });
    expect(tracking.json().delivery_code).toBe(mine.delivery_code);
    // The courier's list and the change's answer never carry it.
    const list = await t.call('GET', '/api/orders', courier);
    expect(JSON.stringify(list.json())).not.toContain('delivery_code');
  });

  it('delivers with the right code and the recipient, which customer and manager then read with its time', async () => {
    const id = await placeOrder();
    const proof = await codeProofOf(t.database.db, id, 'Asha at the door');
    const response = await deliver(id, proof);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Order status updated successfully');
    const now = t.clock.now().toISOString();
    for (const reader of [customer, manager, courier]) {
      expect((await detailAs(id, reader)).proof).toEqual({
        recipient_name: 'Asha at the door',
        method: 'code',
        at: now,
        device_at: null,
        photo_url: null,
      });
    }
    // Closed: the code is shown no more, on the order page or the tracking page.
    const detail = await detailAs(id, customer);
    expect(detail.delivery_code).toBeNull();
    const token = detail.tracking_url.split('/track/')[1] ?? '';
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/track/${token}` })).json().delivery_code,
    ).toBeNull();
  });

  it('refuses Delivered without a proof, changing nothing', async () => {
    const id = await placeOrder();
    for (const proof of [undefined, { recipient_name: 'Asha' }]) {
      const response = await deliver(id, proof);
      expect(response.statusCode, response.body).toBe(proof === undefined ? 422 : 400);
      expect(response.json().message).toContain(PROOF_MESSAGES.proofRequired);
    }
    const noName = await deliver(id, { recipient_name: '  ', code: '1234' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain(PROOF_MESSAGES.recipientRequired);
    const badCode = await deliver(id, { recipient_name: 'Asha', code: '12a4' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toContain(PROOF_MESSAGES.invalidCode);
    const both = await deliver(id, { ...photoProof(), code: '1234' });
    expect(both.json().message).toContain(PROOF_MESSAGES.codeOrPhoto);
    const notDelivered = await t.call('PUT', `/api/orders/${id}`, courier, {
      status: 'In Transit',
      proof: photoProof(),
    });
    expect(notDelivered.statusCode).toBe(400);
    expect(notDelivered.json().message).toContain(PROOF_MESSAGES.proofOnlyDelivered);
    expect(await statusOf(id)).toBe('Processing');
    expect(await proofRows(id)).toEqual([]);
  });

  it('counts wrong codes and locks code proof at the fifth; a photo still delivers', async () => {
    const id = await placeOrder();
    const right = await codeProofOf(t.database.db, id);
    const wrong = { ...right, code: wrongCodeOf(right.code) };
    for (let tryNumber = 1; tryNumber < DELIVERY_CODE_MAX_TRIES; tryNumber += 1) {
      const response = await deliver(id, wrong);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'wrong_delivery_code',
        message: wrongDeliveryCodeMessage(DELIVERY_CODE_MAX_TRIES - tryNumber),
      });
    }
    const fifth = await deliver(id, wrong);
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({ code: 'delivery_code_locked', message: PROOF_MESSAGES.codeLocked });
    // Locked: even the right code is refused now, and nothing changed.
    expect((await deliver(id, right)).statusCode).toBe(423);
    expect(await statusOf(id)).toBe('Processing');
    expect(await proofRows(id)).toEqual([]);

    const byPhoto = await deliver(id, photoProof('Neighbour, flat 4'));
    expect(byPhoto.statusCode).toBe(200);
    expect((await detailAs(id, customer)).proof).toMatchObject({
      method: 'photo',
      recipient_name: 'Neighbour, flat 4',
    });
  });

  it('gives concurrent wrong tries no more than five guesses', async () => {
    const id = await placeOrder();
    const right = await codeProofOf(t.database.db, id);
    const tries = Array.from({ length: 12 }, (_, n) => ({
      ...right,
      code: String((Number(right.code) + 1 + n) % 10_000).padStart(4, '0'),
    }));
    const answers = await Promise.all(tries.map((proof) => deliver(id, proof)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 422)).toHaveLength(DELIVERY_CODE_MAX_TRIES - 1);
    expect(statuses.filter((status) => status === 423)).toHaveLength(12 - (DELIVERY_CODE_MAX_TRIES - 1));
    const row = await t.database.db
      .selectFrom('orders')
      .select('delivery_code_failures')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.delivery_code_failures).toBe(DELIVERY_CODE_MAX_TRIES);
    expect(await statusOf(id)).toBe('Processing');
  });

  it('is refused in bulk: Delivered needs a proof each order carries', async () => {
    const id = await placeOrder();
    const response = await t.call('POST', '/api/orders/status', courier, { ids: [id], status: 'Delivered' });
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual([
      { id, outcome: 'refused', code: 'proof_required', message: PROOF_MESSAGES.proofRequired },
    ]);
    expect(await statusOf(id)).toBe('Processing');
  });
});

describe('the proof photo', () => {
  it('is kept and served only to the customer, the courier and the managers of its stock', async () => {
    const id = await placeOrder();
    const response = await deliver(id, photoProof());
    expect(response.statusCode, response.body).toBe(200);
    const proof = (await detailAs(id, customer)).proof;
    expect(proof?.photo_url).toBe(`/api/orders/${id}/proof/photo`);
    for (const reader of [customer, courier, manager]) {
      const photo = await t.call('GET', `/api/orders/${id}/proof/photo`, reader);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      expect(photo.headers['cache-control']).toBe('private, max-age=3600');
      expect(photo.rawPayload.equals(proofPhotoBytes())).toBe(true);
    }
    for (const stranger of [otherCustomer, otherCourier, otherManager]) {
      const photo = await t.call('GET', `/api/orders/${id}/proof/photo`, stranger);
      expect(photo.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${id}/proof/photo` })).statusCode).toBe(
      401,
    );
  });

  it('answers 404 for an order delivered by code', async () => {
    const id = await placeOrder();
    expect((await deliver(id, await codeProofOf(t.database.db, id))).statusCode).toBe(200);
    expect((await t.call('GET', `/api/orders/${id}/proof/photo`, customer)).statusCode).toBe(404);
  });

  it('must be a JPEG or WebP within the size limit, read from its bytes', async () => {
    const id = await placeOrder();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');
    const cases = [
      { photo: png, message: PROOF_MESSAGES.invalidPhoto },
      {
        photo: Buffer.from('just text, said to be a photo').toString('base64'),
        message: PROOF_MESSAGES.invalidPhoto,
      },
      { photo: 'not base64!', message: PROOF_MESSAGES.invalidPhoto },
      {
        photo: Buffer.concat([proofPhotoBytes(), Buffer.alloc(PROOF_PHOTO_MAX_BYTES)]).toString('base64'),
        message: PROOF_MESSAGES.photoTooLarge,
      },
    ];
    for (const { photo, message } of cases) {
      const response = await deliver(id, { recipient_name: 'Asha', photo });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const webp = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'), Buffer.alloc(64)]);
    const ok = await deliver(id, { recipient_name: 'Asha', photo: webp.toString('base64') });
    expect(ok.statusCode, ok.body).toBe(200);
    const served = await t.call('GET', `/api/orders/${id}/proof/photo`, customer);
    expect(served.headers['content-type']).toBe('image/webp');
  });
});

describe('a Delivered with proof sent again', () => {
  it('replays with its Idempotency-Key: one proof, one timeline step, the device time kept', async () => {
    const id = await placeOrder();
    const deviceTime = new Date(t.clock.now().getTime() - 20 * 60_000).toISOString();
    const body = { status: 'Delivered', device_time: deviceTime, proof: photoProof() };
    const send = () =>
      t.call('PUT', `/api/orders/${id}`, courier, body, { 'idempotency-key': 'proof-replay-key' });
    const first = await send();
    expect(first.statusCode).toBe(200);
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await proofRows(id)).toHaveLength(1);
    const detail = await detailAs(id, customer);
    expect(detail.status_history.filter((step) => step.status === 'Delivered')).toHaveLength(1);
    expect(detail.proof).toMatchObject({ method: 'photo', device_at: deviceTime });
  });
});
