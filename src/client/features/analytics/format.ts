import { formatAmount, formatCents, toCents } from '@shared/money';

/** '$1,234.50' from a decimal string (the one currency formatter, `@shared/money`). */
export const money = (amount: string) => formatAmount(amount);

/** A chart's axis label: '$1,500' for whole dollars, '$12.50' otherwise. */
export const axisMoney = (value: number) => {
  const text = formatCents(toCents(value));
  return text.endsWith('.00') ? text.slice(0, -3) : text;
};

/** A chart's tooltip: the amount to the cent, '$1,500.00'. */
export const tooltipMoney = (value: unknown) => formatCents(toCents(Number(value) || 0));

/** '60%' from 0.6; '—' when there is nothing to divide. */
export const percent = (rate: number | null) =>
  rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`;

/** '45 s', '2 min 5 s' */
export function duration(seconds: number | null) {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return s ? `${m} min ${s} s` : `${m} min`;
}

/** Whole dollars as a number, for chart axes. */
export const dollars = (amount: string) => toCents(amount) / 100;

export const METHOD_LABELS = {
  card: 'Card',
  cash: 'Cash',
  check: 'Check',
  digital: 'Digital',
} as const;

export const COLORS = {
  notified: '#94a3b8',
  accepted: '#2563eb',
  completed: '#16a34a',
  declined: '#f59e0b',
  expired: '#ef4444',
  card: '#2563eb',
  cash: '#16a34a',
  check: '#f59e0b',
  digital: '#9333ea',
  rating: '#eab308',
} as const;
