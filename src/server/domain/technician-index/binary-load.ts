import type pg from 'pg';
import { copyListedTechnicians } from './index.queries';
import type { Staging } from './store';

/**
 * A full load on PostgreSQL as one binary COPY (a million technicians in seconds; the statement
 * is `copyListedTechnicians` in index.queries.ts, its columns in the order read here):
 * numbers arrive as fixed-width big-endian values read straight into the staging columns, with
 * none of the text parsing and row objects of a query result. The statement is one snapshot.
 */

/** Specialties travel joined by this character (a few hundred distinct sets). */
export const SEP = '\u001f';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const FIELDS = 14;

export async function copyInto(pool: pg.Pool, st: Staging): Promise<void> {
  const client = await pool.connect();
  try {
    const stream = copyListedTechnicians(client);
    let buf: Buffer = Buffer.alloc(0);
    let headerRead = false;
    let done = false;
    for await (const chunk of stream) {
      buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
      let at = 0;
      if (!headerRead) {
        if (buf.length < 19) continue;
        if (!buf.subarray(0, 11).equals(SIGNATURE)) throw new Error('COPY: not binary format');
        at = 19 + buf.readInt32BE(15);
        headerRead = true;
      }
      // Whole tuples only; a tuple split across chunks waits for the next one.
      for (;;) {
        if (at + 2 > buf.length) break;
        const fields = buf.readInt16BE(at);
        if (fields === -1) {
          done = true;
          at += 2;
          break;
        }
        if (fields !== FIELDS) throw new Error(`COPY: ${fields} fields, expected ${FIELDS}`);
        // Find the tuple's end first.
        let p = at + 2;
        let whole = true;
        for (let f = 0; f < FIELDS; f++) {
          if (p + 4 > buf.length) {
            whole = false;
            break;
          }
          const len = buf.readInt32BE(p);
          p += 4 + (len > 0 ? len : 0);
          if (p > buf.length) {
            whole = false;
            break;
          }
        }
        if (!whole) break;
        p = at + 2;
        const v: (number | boolean | string | null)[] = new Array(FIELDS);
        for (let f = 0; f < FIELDS; f++) {
          const len = buf.readInt32BE(p);
          p += 4;
          if (len === -1) {
            v[f] = null;
            continue;
          }
          switch (f) {
            case 0:
            case 4:
            case 5:
            case 6:
            case 7:
              v[f] = buf.readInt32BE(p);
              break;
            case 1:
            case 2:
            case 3:
            case 13:
              v[f] = buf.readDoubleBE(p);
              break;
            case 8:
              v[f] = buf[p] === 1;
              break;
            default:
              v[f] = buf.toString('utf8', p, p + len);
          }
          p += len;
        }
        st.addValues(
          v[0] as number,
          v[1] as number,
          v[2] as number,
          v[3] as number,
          v[4] as number,
          v[5] as number,
          v[6] as number,
          v[7] as number,
          v[8] as boolean,
          (v[9] as string | null) ?? '',
          SEP,
          (v[10] as string | null) ?? '',
          v[11] as string | null,
          v[12] as string | null,
          v[13] as number | null,
        );
        at = p;
      }
      buf = at >= buf.length ? Buffer.alloc(0) : buf.subarray(at);
    }
    if (!done) throw new Error('COPY: the stream ended before its trailer');
  } finally {
    client.release();
  }
}
