import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';
import { AddVerificationDialog } from '../features/verifications/components/add-verification-dialog';
import { OwnVerificationList } from '../features/verifications/components/own-verification-list';
import { Link, useSearchParams } from 'react-router';
import { PATHS } from '@shared/paths';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { Select } from '../components/ui/select';
import { useAdminTechnicians } from '../features/admin/api/get-technicians';
import { RequireUser } from '../features/auth/components/require-user';
import type { CurrentUser } from '@shared/schemas/auth';

export default function TechnicianVerifications() {
  return (
    <RequireUser
      role="technician"
      allow={(user) => user.role !== 'customer'}
      hint="Demo technician: username technician, password wrenchly-demo"
      message="Credential verification is for technicians."
    >
      {(user) => <ForUser user={user} />}
    </RequireUser>
  );
}

function ForUser({ user }: { user: CurrentUser }) {
  // An admin (the dashboard links here) looks up one technician's credentials, as that
  // technician sees them: the queue of pending ones is /admin-verifications.
  if (user.technicianId === null) return <TechnicianCredentials />;
  return <MyVerifications technicianId={user.technicianId} />;
}

/** An admin's view of any technician's credentials, picked by name (?technician=ID). */
function TechnicianCredentials() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const technicians = useAdminTechnicians(search.trim(), true);
  const chosen = Number(params.get('technician')) || null;
  const name = technicians.data?.items.find((x) => x.id === chosen)?.name;
  return (
    <Page
      title="Technician Verifications"
      intro="One technician's licenses, certifications and insurance, as they see them. Pending credentials wait in the verification queue."
      actions={
        <Button variant="outline" asChild>
          <Link to={PATHS.adminVerifications}>Verification queue</Link>
        </Button>
      }
    >
      <div className="mb-6 grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="tv-search">Find a technician</Label>
          <Input
            id="tv-search"
            type="search"
            placeholder="Name or e-mail"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="tv-technician">Technician</Label>
          <Select
            id="tv-technician"
            value={chosen ? String(chosen) : ''}
            onChange={(e) =>
              setParams(e.target.value ? { technician: e.target.value } : {}, { replace: true })
            }
          >
            <option value="">Choose a technician</option>
            {chosen && !name && <option value={String(chosen)}>Technician #{chosen}</option>}
            {technicians.data?.items.map((x) => (
              <option key={x.id} value={String(x.id)}>
                {x.name} ({x.location})
              </option>
            ))}
          </Select>
        </div>
      </div>
      {chosen ? (
        <OwnVerificationList technicianId={chosen} />
      ) : (
        <p className="text-slate-600">Choose a technician to see their credentials.</p>
      )}
    </Page>
  );
}

function MyVerifications({ technicianId }: { technicianId: number }) {
  const [adding, setAdding] = useState(false);

  return (
    <Page
      title="My Verifications"
      intro="Your licenses, certifications, insurance and background check. Our admin team reviews each one; verified credentials keep job notifications coming."
      actions={
        <Button onClick={() => setAdding(true)}>
          <Plus className="mr-2 h-4 w-4" aria-hidden="true" /> Add Verification
        </Button>
      }
    >
      <OwnVerificationList technicianId={technicianId} />
      <AddVerificationDialog
        technicianId={technicianId}
        open={adding}
        onClose={() => setAdding(false)}
      />
    </Page>
  );
}
