import { useUnreadMessages } from '../api/messages';

/**
 * The header's count of unread messages beside My Requests (a customer) or My Jobs (a
 * technician): nothing when there are none. Rendered only for them (the nav items say where).
 */
export function UnreadMessagesBadge() {
  const unread = useUnreadMessages(true);
  const n = unread.data?.unread ?? 0;
  if (n === 0) return null;
  return (
    <span
      className="rounded-full bg-red-600 px-1.5 text-[10px] font-semibold leading-4 text-white"
      data-testid="unread-messages"
      aria-label={`${n} unread ${n === 1 ? 'message' : 'messages'}`}
    >
      {n > 99 ? '99+' : n}
    </span>
  );
}
