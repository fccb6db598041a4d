import type { Role } from '@shared/constants/domain';
import { PATHS } from '@shared/paths';

export type NavItem = {
  to: string;
  label: string;
  badge?: 'Pro' | 'Live';
  /** The count of the signed-in person's unread messages goes beside it. */
  unread?: true;
};

const VISITOR: NavItem[] = [
  { to: PATHS.technicians, label: 'Find Mechanics' },
  { to: PATHS.howItWorks, label: 'How It Works' },
  { to: PATHS.requestService, label: 'Request Service' },
  { to: PATHS.join, label: 'Join' },
];

const NAV_BY_ROLE: Record<Role, NavItem[]> = {
  customer: [
    ...VISITOR,
    { to: PATHS.myRequests, label: 'My Requests', unread: true },
    { to: PATHS.vehicles, label: 'Vehicles' },
  ],
  technician: [
    { to: PATHS.myJobs, label: 'My Jobs', unread: true },
    { to: PATHS.technicianNotifications, label: 'Job Notifications', badge: 'Live' },
    { to: PATHS.posSystem, label: 'POS', badge: 'Pro' },
    { to: PATHS.analytics, label: 'Analytics' },
    { to: PATHS.subscriptionPlans, label: 'Plans' },
    { to: PATHS.repairSoftware, label: 'Software' },
    { to: PATHS.technicianProfile, label: 'Profile' },
    { to: PATHS.technicianVerifications, label: 'Verifications' },
  ],
  admin: [{ to: PATHS.adminDashboard, label: 'Admin Dashboard' }],
};

/**
 * The header's links for who is signed in (none: a visitor). The desktop bar and the mobile
 * menu both render this one list, so they always hold the same items.
 */
export const navItemsFor = (role: Role | null | undefined): NavItem[] =>
  role ? NAV_BY_ROLE[role] : VISITOR;
