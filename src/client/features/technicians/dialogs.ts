import type { Technician } from '@shared/schemas/technicians';
import { loadWhenShown } from '../../components/deferred';

// The technicians' dialogs load when first opened: the public pages' first download stays
// without them.
export const ContactDialog = loadWhenShown(
  () => import('./contact-dialog').then((m) => m.ContactDialog),
  (p: { technician: Technician | null; onClose: () => void }) => p.technician !== null,
);

export const FindTechnicianDialog = loadWhenShown(
  () => import('./find-technician-dialog').then((m) => m.FindTechnicianDialog),
  (p: { open: boolean; onOpenChange: (open: boolean) => void }) => p.open,
);
