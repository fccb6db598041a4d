/** A quote, invoice or receipt number; made offline, the server gives it when it syncs. */
export function DocNumber({ value }: { value: string | null }) {
  if (value) return <>{value}</>;
  return <span className="font-normal italic text-slate-500">Number assigned when synced</span>;
}
