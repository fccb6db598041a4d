import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { centsToDecimal, toCents } from '@shared/money';
import {
  PRICE_BOOK_CSV_HEADER,
  PRICE_BOOK_MAX_ITEMS,
  priceBookItemInputSchema,
  type priceBookItemPatchSchema,
  type PriceBookItem,
} from '@shared/schemas/price-book';
import { technicianPlan } from '../../domain/entitlements';
import { AppError } from '../../infra/app-error';
import { csvCell, parseCsv } from '../../infra/csv';
import { isUniqueViolation } from '../../infra/db-errors';
import * as q from './price-book.queries';

type Input = z.output<typeof priceBookItemInputSchema>;
type Patch = z.output<typeof priceBookItemPatchSchema>;

export const PRICE_BOOK_PLAN_REQUIRED =
  'The price book comes with the point of sale (Professional plan)';
export const ITEM_NOT_FOUND = 'Price book item not found';
const TOO_MANY_ITEMS = `A price book holds at most ${PRICE_BOOK_MAX_ITEMS} items`;
const duplicate = (name: string) =>
  new AppError(409, `Your price book already has "${name}" of that kind`);

const toItem = (r: q.PriceBookRow): PriceBookItem => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  description: r.description,
  partNumber: r.partNumber,
  unitPrice: centsToDecimal(r.unitPriceCents),
  cost: r.costCents === null ? null : centsToDecimal(r.costCents),
  marginPercent:
    r.costCents === null || r.unitPriceCents === 0
      ? null
      : Math.round(((r.unitPriceCents - r.costCents) / r.unitPriceCents) * 1000) / 10,
  updatedAt: r.updatedAt.toISOString(),
});

const values = (v: Input | Patch): Partial<q.PriceBookValues> => ({
  ...(v.kind !== undefined && { kind: v.kind }),
  ...(v.name !== undefined && { name: v.name }),
  ...(v.unitPrice !== undefined && { unitPriceCents: toCents(v.unitPrice) }),
  ...(v.cost !== undefined && { costCents: v.cost === null ? null : toCents(v.cost) }),
  ...(v.partNumber !== undefined && { partNumber: v.partNumber }),
  ...(v.description !== undefined && { description: v.description }),
});

/**
 * A technician's price book (the point of sale's catalogue of services and parts): quote lines
 * are picked from it and copied, so a price changed here never alters a quote already made.
 */
export function createPriceBookService(app: FastifyInstance) {
  async function assertPlan(technicianId: number) {
    const plan = await technicianPlan(app.db, technicianId, app.clock());
    if (!plan.pointOfSale) throw new AppError(403, PRICE_BOOK_PLAN_REQUIRED);
  }

  return {
    async list(technicianId: number, search?: string) {
      await assertPlan(technicianId);
      return (await q.listItems(app.db, technicianId, search)).map(toItem);
    },

    async create(technicianId: number, input: Input) {
      await assertPlan(technicianId);
      try {
        return await app.db.transaction(async (tx) => {
          await q.lockBook(tx, technicianId);
          if ((await q.countItems(tx, technicianId)) >= PRICE_BOOK_MAX_ITEMS)
            throw new AppError(409, TOO_MANY_ITEMS);
          return toItem(await q.insertItem(tx, technicianId, values(input) as q.PriceBookValues));
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate(input.name);
        throw err;
      }
    },

    async update(technicianId: number, id: number, patch: Patch) {
      await assertPlan(technicianId);
      if (!(await q.findItem(app.db, technicianId, id))) throw new AppError(404, ITEM_NOT_FOUND);
      try {
        return toItem(await q.updateItem(app.db, id, values(patch), app.clock()));
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate(patch.name ?? '');
        throw err;
      }
    },

    async remove(technicianId: number, id: number) {
      await assertPlan(technicianId);
      if (!(await q.deleteItem(app.db, technicianId, id))) throw new AppError(404, ITEM_NOT_FOUND);
      return { message: 'Item removed from your price book' };
    },

    /** The whole book as CSV, in PRICE_BOOK_CSV_HEADER's columns (what the import reads). */
    async csv(technicianId: number) {
      const items = await this.list(technicianId);
      const rows = items.map((i) =>
        [
          csvCell(i.name),
          i.kind,
          i.unitPrice,
          i.cost ?? '',
          csvCell(i.partNumber ?? ''),
          csvCell(i.description ?? ''),
        ].join(','),
      );
      return [PRICE_BOOK_CSV_HEADER.join(','), ...rows].join('\r\n') + '\r\n';
    },

    /**
     * Reads a CSV in the export's columns: every line is checked first (any error refuses the
     * whole file, naming its line); then each item is added, or updated when the book already
     * has one of that name and kind.
     */
    async importCsv(technicianId: number, text: string) {
      await assertPlan(technicianId);
      const [header, ...lines] = parseCsv(text);
      const names = (header ?? []).map((h) => h.trim().toLowerCase());
      const col = (name: string) => names.indexOf(name.toLowerCase());
      const at = {
        name: col('Name'),
        kind: col('Kind'),
        price: col('Unit price'),
        cost: col('Cost'),
        part: col('Part number'),
        description: col('Description'),
      };
      if (at.name < 0 || at.kind < 0 || at.price < 0)
        throw new AppError(
          400,
          `The first line must name the columns: ${PRICE_BOOK_CSV_HEADER.join(', ')}`,
        );
      if (lines.length === 0) throw new AppError(400, 'The file has no items');
      const cell = (line: string[], i: number) => (i >= 0 ? (line[i] ?? '').trim() : '');
      const parsed = lines.map((line, index) => {
        const result = priceBookItemInputSchema.safeParse({
          name: cell(line, at.name),
          kind: cell(line, at.kind).toLowerCase(),
          unitPrice: cell(line, at.price),
          cost: cell(line, at.cost) || null,
          partNumber: cell(line, at.part) || null,
          description: cell(line, at.description) || null,
        });
        if (!result.success)
          throw new AppError(400, `Line ${index + 2}: ${result.error.issues[0]!.message}`);
        return result.data;
      });
      // A file of more items than a book holds is refused before its lines are written one by
      // one (up to 500 kB of them), not after.
      const distinct = new Set(parsed.map((i) => `${i.kind}\n${i.name.toLowerCase()}`));
      if (distinct.size > PRICE_BOOK_MAX_ITEMS) throw new AppError(409, TOO_MANY_ITEMS);
      return app.db.transaction(async (tx) => {
        await q.lockBook(tx, technicianId);
        let created = 0;
        let updated = 0;
        for (const item of parsed) {
          const existing = await q.findByName(tx, technicianId, item.kind, item.name);
          if (existing) {
            await q.updateItem(tx, existing.id, values(item), app.clock());
            updated++;
          } else {
            await q.insertItem(tx, technicianId, values(item) as q.PriceBookValues);
            created++;
          }
        }
        if ((await q.countItems(tx, technicianId)) > PRICE_BOOK_MAX_ITEMS)
          throw new AppError(409, TOO_MANY_ITEMS);
        return { created, updated };
      });
    },
  };
}
