import { formatWindow } from '@shared/service-time';

/** The arrival windows a customer picked on their request, or 'As soon as possible'. */
export function PickedWindows({ windows }: { windows: { start: string; end: string }[] }) {
  if (windows.length === 0) return <>As soon as possible</>;
  return (
    <ul className="space-y-0.5">
      {windows.map((w) => (
        <li key={w.start}>{formatWindow(w.start, w.end)}</li>
      ))}
    </ul>
  );
}
