import { Badge } from '../components/ui/badge';
import { cn } from '../lib/utils';
import type { NavItem } from './nav-items';
import { UnreadMessagesBadge } from '../features/service-requests/messages/components/unread-messages-badge';

// NavLink sets aria-current="page" on the active route; the style follows it.
export const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex items-center gap-1.5 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'bg-accent text-accent-foreground'
      : 'text-slate-700 hover:bg-secondary hover:text-foreground',
  );

export function NavBadge({ badge, unread }: Pick<NavItem, 'badge' | 'unread'>) {
  if (unread) return <UnreadMessagesBadge />;
  if (!badge) return null;
  return (
    <Badge
      variant={badge === 'Live' ? 'success' : 'default'}
      className="px-1.5 py-0 text-[10px] leading-4"
    >
      {badge}
    </Badge>
  );
}
