/** Money is integer cents everywhere; decimal strings ('85.00') only at the edges. */

/** 8500 -> '85.00' */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Dollars (number or decimal string) -> cents, rounding half up to the cent.
 * Works on the decimal digits, so 1.005 is 101 cents (binary floating point would say 100).
 */
export function toCents(dollars: number | string): number {
  const s = typeof dollars === 'number' ? dollarsToString(dollars) : dollars.trim();
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new RangeError(`Not an amount: ${dollars}`);
  const negative = m[1] === '-';
  const whole = Number(m[2] || '0');
  const frac = (m[3] ?? '').padEnd(3, '0');
  let cents = whole * 100 + Number(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) cents += 1;
  return negative ? -cents : cents;
}

function dollarsToString(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`Not an amount: ${n}`);
  // Up to 10 decimals is plenty for any price typed by a person, and avoids exponent notation.
  return n.toFixed(10).replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * The most any one money figure may be: an amount paid, a unit price, a line, a quote's total.
 * Money columns are 32-bit integer cents (at most 2,147,483,647), so totals always fit.
 */
export const MAX_MONEY_CENTS = 100_000_000;

/**
 * Digits grouped by thousands: 1234567 -> '1,234,567' (counts of miles, money). The same on
 * every device: no locale, no Intl.
 */
export const groupThousands = (whole: number) => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * The one way an amount is shown to a person: 150000 -> '$1,500.00', -1250 -> '-$12.50'.
 * Machine values (API decimal strings, CSV columns, form fields, provider payloads) use
 * `centsToDecimal`, which has no thousands separator. Written out by hand, as en-US currency
 * formatting writes whole cents: the first currency formatter a page builds costs a phone
 * tens of milliseconds (loading the locale's currency data), in the middle of hydrating the
 * page that shows the first price.
 */
export function formatCents(cents: number): string {
  const c = Math.trunc(cents);
  // Not a count of cents (NaN, beyond 2^53): shown as the formatter shows it.
  if (!Number.isSafeInteger(c))
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(c / 100);
  const abs = Math.abs(c);
  // -0 is not below 0, so that no amount reads '-$0.00'.
  const sign = c < 0 ? '-' : '';
  return `${sign}$${groupThousands(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** An amount given in dollars (an API decimal string like '85.00', or a number), shown. */
export const formatAmount = (dollars: number | string) => formatCents(toCents(dollars));

/** Rounded to the nearest whole dollar and shown without cents: '$1,525' (ranges, rates). */
export const formatWholeDollars = (dollars: number | string) =>
  formatCents(Math.round(toCents(dollars) / 100) * 100).replace(/\.00$/, '');

/** n / d rounded half up, for n >= 0 and d > 0 (integers). */
function divRoundHalfUp(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

/** A decimal quantity (e.g. 1.5 hours) as integer hundredths, rounding half up. */
export function toHundredths(quantity: number | string): number {
  return toCents(quantity);
}

export type QuoteLineInput = {
  type: 'labor' | 'part';
  /** Decimal quantity, up to 2 decimals. */
  quantity: number | string;
  unitPriceCents: number;
};

export type QuoteTotals = {
  lineTotalsCents: number[];
  laborTotalCents: number;
  partsTotalCents: number;
  subtotalCents: number;
  taxAmountCents: number;
  totalAmountCents: number;
};

/** Sales tax rates in percent (up to 2 decimals): on parts, and on labour (0: not taxed). */
export type TaxRates = { parts: number | string; labor: number | string };

/** One rate for both kinds (the rounding of a line's total, a jurisdiction taxing both alike). */
export const flatRate = (percent: number | string): TaxRates => ({
  parts: percent,
  labor: percent,
});

/**
 * The one set of quote rules, used by the form and by the server (which recomputes and ignores
 * totals sent to it). Every rounding is half up to the cent: once per line, and once per kind
 * for tax (docs/decisions/031): line = quantity x unit price; labor and parts = sums of their
 * lines; tax = parts x parts rate / 100 + labor x labor rate / 100, each rounded;
 * total = subtotal + tax.
 */
export function quoteTotals(lines: QuoteLineInput[], rates: TaxRates): QuoteTotals {
  const partsRate = toHundredths(rates.parts); // 6% -> 600
  const laborRate = toHundredths(rates.labor);
  if (partsRate < 0 || laborRate < 0) throw new RangeError('Tax rate cannot be negative');
  let labor = 0;
  let parts = 0;
  const lineTotalsCents = lines.map((l) => {
    const qty = toHundredths(l.quantity);
    if (qty < 0 || l.unitPriceCents < 0)
      throw new RangeError('Quantities and prices cannot be negative');
    const total = divRoundHalfUp(qty * l.unitPriceCents, 100);
    if (l.type === 'labor') labor += total;
    else parts += total;
    return total;
  });
  const subtotal = labor + parts;
  const tax = divRoundHalfUp(parts * partsRate, 10_000) + divRoundHalfUp(labor * laborRate, 10_000);
  return {
    lineTotalsCents,
    laborTotalCents: labor,
    partsTotalCents: parts,
    subtotalCents: subtotal,
    taxAmountCents: tax,
    totalAmountCents: subtotal + tax,
  };
}

/** A quote's deposit: a fixed amount, or a percentage (up to 2 decimals) of its total. */
export type DepositRule =
  { type: 'fixed'; amountCents: number } | { type: 'percent'; percent: number };

/** The deposit in cents: the fixed amount, or the percentage of the total rounded half up. */
export function depositCents(rule: DepositRule, totalCents: number): number {
  if (rule.type === 'fixed') return rule.amountCents;
  return divRoundHalfUp(totalCents * toHundredths(rule.percent), 10_000);
}

/** The shares of the invoice total a customer may tip with one tap. */
export const TIP_PERCENTS = [10, 15, 20] as const;
export type TipPercent = (typeof TIP_PERCENTS)[number];
/** The most one tip may be, whatever it is on ($10,000): a typo, not a tip, beyond it. */
export const MAX_TIP_CENTS = 1_000_000;

/**
 * A tip on top of a card payment, the technician's: a share of the invoice total (of the amount
 * paid when there is no invoice), or an amount the customer typed.
 */
export type TipRule =
  { type: 'percent'; percent: TipPercent } | { type: 'amount'; amountCents: number };

/** The tip in cents: the amount, or the percentage of `baseCents` rounded half up to the cent. */
export function tipCents(rule: TipRule | null | undefined, baseCents: number): number {
  if (!rule) return 0;
  if (rule.type === 'amount') return rule.amountCents;
  return divRoundHalfUp(baseCents * rule.percent, 100);
}

/** Parses what a person typed into a numeric input: a decimal, or 0 when it is not one. */
export function parseDecimalInput(value: string): number {
  const n = Number.parseFloat(value);
  return Number.isFinite(n) ? n : 0;
}
