import { Link } from 'react-router';
import { BRAND, JOIN_PATH } from '@shared/brand';
import { Button } from '../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../components/ui/dialog';

const REQUIREMENTS: { title: string; items: string[] }[] = [
  {
    title: 'Basic Requirements',
    items: [
      'Age 18 or older',
      "Valid driver's license",
      'Reliable transportation',
      'Basic tools and equipment',
    ],
  },
  {
    title: 'Certifications',
    items: [
      'At least 1 current ASE certification (engine repair, brakes, electrical, suspension)',
      'Preferred: manufacturer specific, hybrid/electric, diesel',
    ],
  },
  { title: 'Experience', items: ['Minimum 2 years professional experience'] },
  {
    title: 'Background & Insurance',
    items: [
      'Clean background check',
      'General liability insurance',
      'Business license if applicable',
      'Professional references',
    ],
  },
];

const PROCESS = [
  'Submit application',
  'Background check and credential verification (3-5 business days)',
  'Phone interview',
  'Training and profile setup',
  'Start accepting jobs',
];

export function MechanicRequirementsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Mechanic Requirements</DialogTitle>
          <DialogDescription>
            What you need to join {BRAND.name} as a certified mobile mechanic.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-5 sm:grid-cols-2">
          {REQUIREMENTS.map((r) => (
            <section key={r.title} className="rounded-md border p-4">
              <h3 className="mb-2 font-semibold text-foreground">{r.title}</h3>
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
                {r.items.map((i) => (
                  <li key={i}>{i}</li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <section className="rounded-md bg-accent p-4">
          <h3 className="mb-2 font-semibold text-foreground">Application Process</h3>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
            {PROCESS.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ol>
        </section>
        <Button asChild className="justify-self-start">
          <Link to={JOIN_PATH} onClick={() => onOpenChange(false)}>
            Apply Now
          </Link>
        </Button>
      </DialogContent>
    </Dialog>
  );
}
