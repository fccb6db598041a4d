import {
  PDFDocument,
  rgb,
  StandardFonts,
  type Color,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import { createHash } from 'node:crypto';
import { BRAND } from '@shared/brand';
import type { Branding } from '@shared/schemas/branding';
import { SERVICE_TIME_ZONE } from '@shared/service-time';

/**
 * The one small page layout behind the point of sale's PDF documents (quote, invoice, receipt):
 * a Letter page, Helvetica (a standard font, so the text is real text in the PDF's text layer),
 * a cursor that moves down and opens a new page whenever the next thing would not fit.
 */

const PAGE = { width: 612, height: 792 } as const; // US Letter, in points
const MARGIN = 50;
const BODY = 10;
const LINE = 14;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const GREY = rgb(0.35, 0.38, 0.42);
const RULE = rgb(0.8, 0.82, 0.85);
const BLACK = rgb(0, 0, 0);

/** The business a document comes from, as its header shows it. */
export type DocumentIssuer = {
  branding: Branding | null;
  /** The logo's bytes, when the technician has one their plan shows (PNG or JPEG). */
  logo: { contentType: string; bytes: Uint8Array } | null;
  technicianName: string;
  technicianPhone: string | null;
};

/** A table column: its heading, share of the width and alignment. */
export type Column = { label: string; width: number; align?: 'left' | 'right' };

/** `#1d4ed8` as a pdf-lib colour (black when it is not a hex colour). */
function hexColor(hex: string | null | undefined): Color {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? '');
  if (!m) return BLACK;
  return rgb(parseInt(m[1]!, 16) / 255, parseInt(m[2]!, 16) / 255, parseInt(m[3]!, 16) / 255);
}

const REPLACEMENTS: Record<string, string> = {
  '\u00a0': ' ',
  '\u2007': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2713': 'v',
  '\u2714': 'v',
};

/** SHA-256 (hex) of a document's content, serialised as a JSON array (a fixed order). */
export const documentHash = (content: unknown[]) =>
  createHash('sha256').update(JSON.stringify(content), 'utf8').digest('hex');

/** A date as the documents print it: "Nov 28, 2026" (the service area's time zone). */
export const documentDate = (d: Date) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: SERVICE_TIME_ZONE,
  }).format(d);

export class DocumentLayout {
  private page!: PDFPage;
  private y = 0;
  private readonly charset: Set<number>;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    private readonly accent: Color,
    private readonly footer: string | null,
  ) {
    this.charset = new Set(font.getCharacterSet());
    this.newPage();
  }

  /** A new document with the issuer's header and the document's title, number and dates. */
  static async start(
    issuer: DocumentIssuer,
    heading: {
      title: string;
      number: string;
      facts: [string, string][];
      /**
       * When the document was issued: its creation and modification dates, so that the same
       * record is the same bytes at every download (no render time inside).
       */
      issuedAt: Date;
    },
  ) {
    const doc = await PDFDocument.create();
    doc.setCreationDate(heading.issuedAt);
    doc.setModificationDate(heading.issuedAt);
    const businessName = issuer.branding?.businessName || null;
    doc.setTitle(`${heading.title} ${heading.number}`);
    doc.setAuthor(businessName || issuer.technicianName || BRAND.name);
    doc.setProducer(BRAND.name);
    doc.setCreator(BRAND.name);
    const [font, bold] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
    ]);
    const layout = new DocumentLayout(
      doc,
      font,
      bold,
      issuer.branding ? hexColor(issuer.branding.accentColor) : BLACK,
      issuer.branding?.footerText ?? null,
    );
    await layout.header(issuer, businessName, heading);
    return layout;
  }

  /**
   * Text the standard font can write: typographic characters WinAnsi lacks become their plain
   * twins, anything else it cannot encode becomes '?', and control characters a space.
   */
  clean(s: string): string {
    let out = '';
    for (const ch of s.normalize('NFC')) {
      const code = ch.codePointAt(0)!;
      if (code < 0x20 || code === 0x7f) out += ' ';
      else if (this.charset.has(code)) out += ch;
      else out += REPLACEMENTS[ch] ?? '?';
    }
    return out;
  }

  private newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  /** Opens a new page unless `height` points still fit above the bottom margin. */
  private ensure(height: number) {
    if (this.y - height < MARGIN + (this.footer ? 30 : 0)) this.newPage();
  }

  private width(text: string, size: number, font = this.font) {
    return font.widthOfTextAtSize(text, size);
  }

  /** Splits text into lines at most `maxWidth` wide (breaking words longer than a line). */
  wrap(text: string, maxWidth: number, size = BODY, font = this.font): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      const words = this.clean(paragraph).split(/ +/);
      let line = '';
      for (let word of words) {
        // A word wider than the line: cut it where it stops fitting. A letter wider than the
        // column is left whole, on a line of its own (cutting it would never end).
        while (word.length > 1 && this.width(word, size, font) > maxWidth) {
          let n = word.length - 1;
          while (n > 1 && this.width(word.slice(0, n), size, font) > maxWidth) n--;
          if (line) lines.push(line);
          lines.push(word.slice(0, n));
          line = '';
          word = word.slice(n);
        }
        const candidate = line ? `${line} ${word}` : word;
        if (this.width(candidate, size, font) <= maxWidth) line = candidate;
        else {
          if (line) lines.push(line);
          line = word;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  private draw(
    text: string,
    x: number,
    options: {
      size?: number;
      bold?: boolean;
      color?: Color;
      align?: 'left' | 'right';
      width?: number;
    } = {},
  ) {
    const size = options.size ?? BODY;
    const font = options.bold ? this.bold : this.font;
    const clean = this.clean(text);
    const dx = options.align === 'right' ? (options.width ?? 0) - this.width(clean, size, font) : 0;
    this.page.drawText(clean, { x: x + dx, y: this.y, size, font, color: options.color ?? BLACK });
  }

  private async header(
    issuer: DocumentIssuer,
    businessName: string | null,
    heading: { title: string; number: string; facts: [string, string][] },
  ) {
    const top = this.y;
    let image: PDFImage | null = null;
    if (issuer.logo) {
      try {
        image =
          issuer.logo.contentType === 'image/png'
            ? await this.doc.embedPng(issuer.logo.bytes)
            : issuer.logo.contentType === 'image/jpeg'
              ? await this.doc.embedJpg(issuer.logo.bytes)
              : null;
      } catch {
        image = null; // A logo pdf-lib cannot read: the business name alone.
      }
    }
    let x = MARGIN;
    if (image) {
      const scale = Math.min(48 / image.height, 140 / image.width, 1);
      const w = image.width * scale;
      const h = image.height * scale;
      this.page.drawImage(image, { x, y: top - h, width: w, height: h });
      x += w + 12;
    }
    this.y = top - 16;
    this.draw(businessName ?? BRAND.name, x, { size: 16, bold: true, color: this.accent });
    this.y -= 16;
    const who = [issuer.technicianName, issuer.technicianPhone].filter(Boolean).join(' - ');
    if (who) this.draw(who, x, { size: 9, color: GREY });
    if (businessName) {
      this.y -= 12;
      this.draw(`via ${BRAND.name}`, x, { size: 8, color: GREY });
    }
    // The document's title, number and dates on the right.
    const right = PAGE.width - MARGIN;
    let y = top - 18;
    const at = (text: string, size: number, bold = false, color: Color = BLACK) => {
      const clean = this.clean(text);
      const font = bold ? this.bold : this.font;
      this.page.drawText(clean, {
        x: right - this.width(clean, size, font),
        y,
        size,
        font,
        color,
      });
    };
    at(heading.title, 20, true);
    y -= 16;
    at(heading.number, 11, true);
    for (const [label, value] of heading.facts) {
      y -= 13;
      at(`${label}: ${value}`, 9, false, GREY);
    }
    this.y = Math.min(this.y, y, image ? top - 48 : top) - 14;
    this.page.drawRectangle({
      x: MARGIN,
      y: this.y,
      width: CONTENT_WIDTH,
      height: 2,
      color: this.accent,
    });
    this.y -= 22;
  }

  /** A small heading above a block. */
  section(title: string) {
    this.ensure(LINE * 3);
    this.y -= 4;
    this.draw(title.toUpperCase(), MARGIN, { size: 8, bold: true, color: GREY });
    this.y -= LINE;
  }

  /** Lines of text, wrapped to the page width. */
  paragraph(text: string, options: { size?: number; color?: Color } = {}) {
    const size = options.size ?? BODY;
    for (const line of this.wrap(text, CONTENT_WIDTH, size)) {
      this.ensure(LINE);
      this.draw(line, MARGIN, { size, color: options.color });
      this.y -= LINE;
    }
  }

  /** A label and its value per line (the values wrapped beside their labels). */
  facts(rows: [string, string | null | undefined][]) {
    const labelWidth = 110;
    for (const [label, value] of rows) {
      if (!value) continue;
      const lines = this.wrap(value, CONTENT_WIDTH - labelWidth);
      this.ensure(LINE);
      this.draw(label, MARGIN, { color: GREY });
      lines.forEach((line, i) => {
        if (i > 0) this.ensure(LINE);
        this.draw(line, MARGIN + labelWidth);
        this.y -= LINE;
      });
    }
    this.y -= 6;
  }

  /** A table whose rows wrap inside their cells and flow onto new pages, the heading repeated. */
  table(columns: Column[], rows: string[][]) {
    const total = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * CONTENT_WIDTH);
    const pad = 4;
    const headingRow = () => {
      let x = MARGIN;
      columns.forEach((c, i) => {
        this.draw(c.label, x + pad, {
          bold: true,
          size: 9,
          align: c.align,
          width: widths[i]! - 2 * pad,
        });
        x += widths[i]!;
      });
      this.y -= 6;
      this.rule();
      this.y -= LINE - 2;
    };
    this.ensure(LINE * 3);
    headingRow();
    for (const row of rows) {
      const cells = row.map((cell, i) => this.wrap(cell, widths[i]! - 2 * pad));
      const height = Math.max(...cells.map((c) => c.length)) * LINE;
      if (this.y - height < MARGIN + (this.footer ? 30 : 0)) {
        this.newPage();
        headingRow();
      }
      const top = this.y;
      let x = MARGIN;
      cells.forEach((lines, i) => {
        this.y = top;
        for (const line of lines) {
          this.draw(line, x + pad, { align: columns[i]!.align, width: widths[i]! - 2 * pad });
          this.y -= LINE;
        }
        x += widths[i]!;
      });
      this.y = top - height + LINE - 6;
      this.rule();
      this.y -= LINE - 2;
    }
    this.y -= 6;
  }

  /** Label and amount pairs aligned right, the ones marked `strong` in bold. */
  totals(rows: { label: string; value: string; strong?: boolean }[]) {
    const valueWidth = 110;
    const labelRight = PAGE.width - MARGIN - valueWidth - 10;
    for (const r of rows) {
      this.ensure(LINE + 4);
      if (r.strong) this.y -= 2;
      this.draw(r.label, MARGIN, {
        bold: r.strong,
        size: r.strong ? 11 : BODY,
        align: 'right',
        width: labelRight - MARGIN,
      });
      this.draw(r.value, PAGE.width - MARGIN - valueWidth, {
        bold: r.strong,
        size: r.strong ? 11 : BODY,
        align: 'right',
        width: valueWidth,
      });
      this.y -= r.strong ? LINE + 4 : LINE;
    }
    this.y -= 6;
  }

  private rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE.width - MARGIN, y: this.y },
      thickness: 0.5,
      color: RULE,
    });
  }

  /**
   * The document's fingerprint: the SHA-256 of what it says, printed at its end (as a signed
   * quote's audit trail names the hash signed), so that a copy can be checked against the record.
   */
  fingerprint(label: string, hex: string) {
    this.ensure(LINE * 2);
    this.y -= 4;
    this.draw(`${label}: ${hex}`, MARGIN, { size: 7, color: GREY });
    this.y -= LINE;
  }

  /** The branding's footer on every page, the page numbers, and the bytes. */
  async save(): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    pages.forEach((page, i) => {
      const size = 8;
      if (this.footer) {
        const line = this.wrap(this.footer.replace(/\s*\n\s*/g, ' '), CONTENT_WIDTH - 60, size)[0]!;
        page.drawText(line, { x: MARGIN, y: MARGIN - 10, size, font: this.font, color: GREY });
      }
      const label = `Page ${i + 1} of ${pages.length}`;
      page.drawText(label, {
        x: PAGE.width - MARGIN - this.width(label, size),
        y: MARGIN - 10,
        size,
        font: this.font,
        color: GREY,
      });
    });
    return this.doc.save();
  }
}
