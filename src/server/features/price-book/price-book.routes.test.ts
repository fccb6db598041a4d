import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { signedInTechnician } from '../../../../tests/helpers/factories';
import { FLAT_TAX } from '../../../../tests/helpers/pos';
import { PRICE_BOOK_CSV_HEADER, PRICE_BOOK_MAX_ITEMS } from '@shared/schemas/price-book';
import { PRICE_BOOK_PLAN_REQUIRED } from './price-book.service';

let t: TestApp;
let pro: Awaited<ReturnType<typeof signedInTechnician>>;
let other: Awaited<ReturnType<typeof signedInTechnician>>;
beforeAll(async () => {
  t = await buildTestApp();
  pro = await signedInTechnician(t.app, 'Professional');
  other = await signedInTechnician(t.app, 'Professional');
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('the price book', () => {
  it('keeps items with price, cost and margin, searched by name, description or part number', async () => {
    const pads = await call('POST', '/api/price-book', pro.cookie, {
      kind: 'part',
      name: 'Brake pads, ceramic (front)',
      unitPrice: '89.00',
      cost: 41.5,
      partNumber: 'BP-1001',
    });
    expect(pads.statusCode, pads.body).toBe(201);
    expect(pads.json()).toMatchObject({
      kind: 'part',
      unitPrice: '89.00',
      cost: '41.50',
      marginPercent: 53.4,
      partNumber: 'BP-1001',
    });
    const labor = await call('POST', '/api/price-book', pro.cookie, {
      kind: 'labor',
      name: 'Brake job labor',
      unitPrice: '$1,200',
      description: 'Per axle, rotors resurfaced',
    });
    expect(labor.json()).toMatchObject({ unitPrice: '1200.00', cost: null, marginPercent: null });
    const find = async (q: string) =>
      (await call('GET', `/api/price-book?q=${encodeURIComponent(q)}`, pro.cookie))
        .json()
        .map((i: { name: string }) => i.name);
    expect(await find('brake')).toEqual(['Brake job labor', 'Brake pads, ceramic (front)']);
    expect(await find('bp-10')).toEqual(['Brake pads, ceramic (front)']);
    expect(await find('axle')).toEqual(['Brake job labor']);
    expect(await find('100%')).toEqual([]);

    // Only the owner sees, changes or removes an item.
    expect((await call('GET', '/api/price-book', other.cookie)).json()).toEqual([]);
    const id = pads.json().id;
    expect(
      (await call('PATCH', `/api/price-book/${id}`, other.cookie, { unitPrice: 1 })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/price-book/${id}`, other.cookie)).statusCode).toBe(404);

    // Bad input: 400 with a message; a second item of the same name and kind: 409.
    for (const [body, message] of [
      [{ kind: 'tool', name: 'X', unitPrice: 1 }, 'Kind must be labor or part'],
      [{ kind: 'part', name: '', unitPrice: 1 }, 'Please give the item a name'],
      [{ kind: 'part', name: 'X', unitPrice: -1 }, 'Unit price must be an amount in dollars'],
      [{ kind: 'part', name: 'X', unitPrice: 1.234 }, 'whole cents'],
      // A price left empty is not $0, and only decimal dollars are read.
      [{ kind: 'part', name: 'X', unitPrice: '' }, 'Unit price must be an amount in dollars'],
      [{ kind: 'part', name: 'X', unitPrice: '  ' }, 'Unit price must be an amount in dollars'],
      [{ kind: 'part', name: 'X', unitPrice: '0x10' }, 'Unit price must be an amount in dollars'],
      [{ kind: 'part', name: 'X', unitPrice: '1e3' }, 'Unit price must be an amount in dollars'],
      [{ kind: 'part', name: 'X', unitPrice: 5, cost: '' }, 'Cost must be an amount in dollars'],
    ] as const) {
      const res = await call('POST', '/api/price-book', pro.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    const twice = await call('POST', '/api/price-book', pro.cookie, {
      kind: 'part',
      name: 'BRAKE PADS, CERAMIC (FRONT)',
      unitPrice: 1,
    });
    expect(twice.statusCode).toBe(409);
  });

  it('copies a price into a quote: changing the book later never alters the quote', async () => {
    const item = (
      await call('POST', '/api/price-book', pro.cookie, {
        kind: 'part',
        name: 'Oil filter',
        unitPrice: 12,
      })
    ).json();
    const quote = await call('POST', '/api/quotes', pro.cookie, {
      customerName: 'Pat',
      ...FLAT_TAX,
      items: [
        { type: 'part', description: item.name, quantity: 1, unitPrice: Number(item.unitPrice) },
      ],
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const changed = await call('PATCH', `/api/price-book/${item.id}`, pro.cookie, {
      unitPrice: 15,
    });
    expect(changed.json().unitPrice).toBe('15.00');
    const list = await call('GET', `/api/quotes/technician/${pro.technicianId}`, pro.cookie);
    const q = list.json().find((x: { id: number }) => x.id === quote.json().id);
    expect(q.items[0].unitPrice).toBe('12.00');
  });

  it('exports CSV and imports it back: every line checked first, same name and kind updated', async () => {
    const csv = await call('GET', '/api/price-book.csv', pro.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe(PRICE_BOOK_CSV_HEADER.join(','));
    expect(csv.body).toContain('"Brake pads, ceramic (front)",part,89.00,41.50,BP-1001,');

    // Into another book: all of it.
    const imported = await call('POST', '/api/price-book/import', other.cookie, { csv: csv.body });
    expect(imported.statusCode, imported.body).toBe(200);
    const count = (await call('GET', '/api/price-book', pro.cookie)).json().length;
    expect(imported.json()).toEqual({ created: count, updated: 0 });
    // Again with a new price: updated, not added.
    const again = csv.body.replace('part,89.00', 'part,95.00');
    expect(
      (await call('POST', '/api/price-book/import', other.cookie, { csv: again })).json(),
    ).toEqual({
      created: 0,
      updated: count,
    });
    // A bad line refuses the whole file, naming the line; nothing is written.
    const bad = `${PRICE_BOOK_CSV_HEADER.join(',')}\r\nNew thing,part,10,,,\r\nBroken,gadget,5,,,\r\n`;
    const refused = await call('POST', '/api/price-book/import', other.cookie, { csv: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Line 3: Kind must be labor or part');
    const names = (await call('GET', '/api/price-book', other.cookie))
      .json()
      .map((i: { name: string }) => i.name);
    expect(names).not.toContain('New thing');
    const noPrice = `${PRICE_BOOK_CSV_HEADER.join(',')}\r\nNo price,part,,,,\r\n`;
    const unpriced = await call('POST', '/api/price-book/import', other.cookie, { csv: noPrice });
    expect(unpriced.statusCode).toBe(400);
    expect(unpriced.json().message).toBe('Line 2: Unit price must be an amount in dollars');
    // More items than a book holds: refused, nothing written.
    const many = Array.from({ length: PRICE_BOOK_MAX_ITEMS + 1 }, (_, i) => `Item ${i},part,1`);
    const tooMany = await call('POST', '/api/price-book/import', other.cookie, {
      csv: [PRICE_BOOK_CSV_HEADER.join(','), ...many].join('\r\n'),
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(`A price book holds at most ${PRICE_BOOK_MAX_ITEMS} items`);
    expect((await call('GET', '/api/price-book', other.cookie)).json()).toHaveLength(count);
    expect(
      (await call('POST', '/api/price-book/import', other.cookie, { csv: 'just,some,words\r\n' }))
        .statusCode,
    ).toBe(400);
  });

  it('comes with the point of sale (Professional plan)', async () => {
    const basic = await signedInTechnician(t.app, 'Basic');
    const res = await call('GET', '/api/price-book', basic.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PRICE_BOOK_PLAN_REQUIRED);
  });

  it('two imports of the same new items at once: one adds them, the other updates them', async () => {
    const tech = await signedInTechnician(t.app, 'Professional');
    const lines = Array.from({ length: 20 }, (_, i) => `Same ${i},part,${i + 1}`);
    const csv = [PRICE_BOOK_CSV_HEADER.join(','), ...lines].join('\r\n');
    const both = await Promise.all(
      [1, 2].map(() => call('POST', '/api/price-book/import', tech.cookie, { csv })),
    );
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const outcomes = both.map((r) => r.json() as { created: number; updated: number });
    expect(outcomes).toContainEqual({ created: 20, updated: 0 });
    expect(outcomes).toContainEqual({ created: 0, updated: 20 });
    expect((await call('GET', '/api/price-book', tech.cookie)).json()).toHaveLength(20);
  });

  it('items added at once never take a book past its limit', async () => {
    const tech = await signedInTechnician(t.app, 'Professional');
    const lines = Array.from({ length: PRICE_BOOK_MAX_ITEMS - 2 }, (_, i) => `Item ${i},part,1`);
    const csv = [PRICE_BOOK_CSV_HEADER.join(','), ...lines].join('\r\n');
    expect((await call('POST', '/api/price-book/import', tech.cookie, { csv })).statusCode).toBe(
      200,
    );
    const adds = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('POST', '/api/price-book', tech.cookie, {
          kind: 'labor',
          name: `Extra ${i}`,
          unitPrice: 1,
        }),
      ),
    );
    expect(adds.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(adds.filter((r) => r.statusCode === 409)).toHaveLength(4);
    expect((await call('GET', '/api/price-book', tech.cookie)).json()).toHaveLength(
      PRICE_BOOK_MAX_ITEMS,
    );
  });
});
