import { AlertTriangle, CheckCircle2, Clock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LIMITS } from '@shared/constants/domain';
import { LOCATION_NAMES } from '@shared/constants/locations';
import { SERVICE_TYPES } from '@shared/constants/service-types';
import type { OwnProfile, UpdateProfileInput } from '@shared/schemas/profile';
import { useAuthDialog } from '../app/auth-dialog-context';
import { AccessRequired, AuthenticationRequired } from '../components/guards';
import { Page } from '../components/page';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { Select } from '../components/ui/select';
import { Textarea } from '../components/ui/textarea';
import { Skeleton } from '../components/ui/skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useOwnProfile, useUpdateProfile } from '../features/profile/api';
import { errorMessage } from '../lib/api-client';
import { uploadDocument } from '../lib/upload';
import { notify } from '../lib/toast';

export default function TechnicianProfile() {
  const { data: user, isLoading } = useCurrentUser();
  const { open } = useAuthDialog();
  const isTech = user?.role === 'technician';
  const profile = useOwnProfile(!!isTech);
  if (isLoading)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10">
        <Skeleton className="h-40" />
      </div>
    );
  if (!user) return <AuthenticationRequired onSignIn={open} />;
  if (!isTech)
    return (
      <AccessRequired
        title="Technician Access Required"
        role={user.role}
        message="This page is for technicians."
      />
    );
  if (!profile.data)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10">
        <Skeleton className="h-64" />
      </div>
    );
  // Keyed by the saved profile, so the form restarts from what the server stored.
  return <ProfileEditor key={JSON.stringify(profile.data)} profile={profile.data} />;
}

type FormState = {
  isAvailable: boolean;
  hourlyRate: string;
  bio: string;
  specialties: string[];
  certifications: string;
  baseKind: 'location' | 'zip';
  location: string;
  zipCode: string;
  serviceRadiusMiles: string;
  yearsExperience: string;
  phone: string;
};

const fromProfile = (p: OwnProfile): FormState => ({
  isAvailable: p.isAvailable,
  hourlyRate: p.hourlyRate,
  bio: p.bio ?? '',
  specialties: p.specialties,
  certifications: p.certifications.join(', '),
  baseKind: (LOCATION_NAMES as readonly string[]).includes(p.location) ? 'location' : 'zip',
  location: (LOCATION_NAMES as readonly string[]).includes(p.location) ? p.location : '',
  zipCode: p.zipCode ?? '',
  serviceRadiusMiles: String(p.serviceRadiusMiles),
  yearsExperience: String(p.yearsExperience),
  phone: p.phone ?? '',
});

function ProfileEditor({ profile }: { profile: OwnProfile }) {
  const [f, setF] = useState<FormState>(() => fromProfile(profile));
  const update = useUpdateProfile();
  const approved = profile.status === 'approved';

  const save = (e: FormEvent) => {
    e.preventDefault();
    const body: UpdateProfileInput = {
      isAvailable: f.isAvailable,
      hourlyRate: f.hourlyRate,
      bio: f.bio,
      specialties: f.specialties as UpdateProfileInput['specialties'],
      certifications: f.certifications
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
      serviceRadiusMiles: f.serviceRadiusMiles,
      yearsExperience: f.yearsExperience,
      phone: f.phone,
      ...(f.baseKind === 'location'
        ? f.location
          ? { location: f.location as UpdateProfileInput['location'] }
          : {}
        : { zipCode: f.zipCode }),
    };
    update.mutate(body, {
      onSuccess: () =>
        notify({ title: 'Profile Updated', description: 'Your changes have been saved.' }),
      onError: (err) =>
        notify({
          title: 'Update Failed',
          description: errorMessage(err, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Page
      title="My Technician Profile"
      intro={`${profile.firstName} ${profile.lastName} · ${profile.email}`}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to="/technician-verifications">My Verifications</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/technician-notifications">Job Notifications</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/payment-history">Payment History</Link>
          </Button>
        </div>
      }
    >
      <Card className="mb-6">
        <CardContent className="flex flex-wrap items-center gap-3 pt-6">
          <span className="text-sm font-medium">Approval status:</span>
          {profile.status === 'approved' ? (
            <Badge variant="success">
              <CheckCircle2 className="h-3 w-3" /> Approved
            </Badge>
          ) : profile.status === 'pending' ? (
            <Badge variant="warning">
              <Clock className="h-3 w-3" /> Pending approval
            </Badge>
          ) : (
            <Badge variant="destructive" className="capitalize">
              {profile.status}
            </Badge>
          )}
          {profile.status === 'pending' && (
            <p className="w-full text-sm text-slate-600">
              Your account is awaiting approval by our admin team. You'll be notified by e-mail once
              approved.
            </p>
          )}
          {profile.dispatchBlockers.length > 0 && (
            <div className="w-full rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="status">
              <p className="mb-1 flex items-center gap-2 font-semibold">
                <AlertTriangle className="h-4 w-4" aria-hidden="true" /> You are not receiving job
                notifications:
              </p>
              <ul className="list-disc pl-6">
                {profile.dispatchBlockers.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
            </div>
          )}
        </CardContent>
      </Card>
      <form onSubmit={save}>
        <fieldset disabled={!approved || update.isPending} className="grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>Availability and Rates</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <label className="flex items-center gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={f.isAvailable}
                  onChange={(e) => setF({ ...f, isAvailable: e.target.checked })}
                />
                Available for new jobs
              </label>
              <div className="space-y-1.5">
                <Label htmlFor="p-rate">Hourly Rate ($)</Label>
                <Input
                  id="p-rate"
                  type="number"
                  min={10}
                  step={0.01}
                  value={f.hourlyRate}
                  onChange={(e) => setF({ ...f, hourlyRate: e.target.value })}
                />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="p-years">Years of Experience</Label>
                <Input
                  id="p-years"
                  type="number"
                  min={0}
                  value={f.yearsExperience}
                  onChange={(e) => setF({ ...f, yearsExperience: e.target.value })}
                />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="p-phone">Phone</Label>
                <Input
                  id="p-phone"
                  type="tel"
                  value={f.phone}
                  onChange={(e) => setF({ ...f, phone: e.target.value })}
                />
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Service Area</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <div className="space-y-1.5">
                <Label htmlFor="p-basekind">Base location by</Label>
                <Select
                  id="p-basekind"
                  value={f.baseKind}
                  onChange={(e) => setF({ ...f, baseKind: e.target.value as 'location' | 'zip' })}
                >
                  <option value="location">Named location</option>
                  <option value="zip">ZIP code</option>
                </Select>
              </div>
              {f.baseKind === 'location' ? (
                <div className="space-y-1.5">
                  <Label htmlFor="p-location">Base Location</Label>
                  <Select
                    id="p-location"
                    value={f.location}
                    onChange={(e) => setF({ ...f, location: e.target.value })}
                  >
                    <option value="">Select a location</option>
                    {LOCATION_NAMES.map((l) => (
                      <option key={l} value={l}>
                        {l}
                      </option>
                    ))}
                  </Select>
                </div>
              ) : (
                <div className="space-y-1.5">
                  <Label htmlFor="p-zip">Base ZIP Code</Label>
                  <Input
                    id="p-zip"
                    inputMode="numeric"
                    maxLength={5}
                    value={f.zipCode}
                    onChange={(e) => setF({ ...f, zipCode: e.target.value })}
                  />
                </div>
              )}
              <p className="text-sm text-slate-600">Currently based in {profile.location}.</p>
              <div className="space-y-1.5">
                <Label htmlFor="p-radius">Service Radius (miles)</Label>
                <Input
                  id="p-radius"
                  type="number"
                  min={1}
                  max={100}
                  value={f.serviceRadiusMiles}
                  onChange={(e) => setF({ ...f, serviceRadiusMiles: e.target.value })}
                />
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Specialties and Certifications</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <fieldset>
                <legend className="mb-2 text-sm font-medium">Specialties</legend>
                <div className="grid grid-cols-2 gap-2">
                  {SERVICE_TYPES.map((s) => (
                    <label key={s} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="h-4 w-4"
                        checked={f.specialties.includes(s)}
                        onChange={(e) =>
                          setF({
                            ...f,
                            specialties: e.target.checked
                              ? [...f.specialties, s]
                              : f.specialties.filter((x) => x !== s),
                          })
                        }
                      />
                      {s}
                    </label>
                  ))}
                </div>
              </fieldset>
              <div className="space-y-1.5">
                <Label htmlFor="p-certs">Certifications (comma separated)</Label>
                <Input
                  id="p-certs"
                  value={f.certifications}
                  onChange={(e) => setF({ ...f, certifications: e.target.value })}
                />
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>About You</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <div className="space-y-1.5">
                <Label htmlFor="p-bio">Bio</Label>
                <Textarea
                  id="p-bio"
                  rows={5}
                  value={f.bio}
                  onChange={(e) => setF({ ...f, bio: e.target.value })}
                />
              </div>
              <ProfilePhoto profile={profile} disabled={!approved} />
            </CardContent>
          </Card>
          <div className="lg:col-span-2">
            <Button type="submit">{update.isPending ? 'Saving...' : 'Save Profile'}</Button>
          </div>
        </fieldset>
      </form>
    </Page>
  );
}

/** Uploaded through the documents flow and saved at once; shown on the public profile. */
function ProfilePhoto({ profile, disabled }: { profile: OwnProfile; disabled: boolean }) {
  const update = useUpdateProfile();
  const [progress, setProgress] = useState<number | null>(null);
  const fail = (err: unknown) =>
    notify({
      title: 'Upload Failed',
      description: errorMessage(err, 'Please try again.'),
      variant: 'destructive',
    });

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > LIMITS.maxUploadBytes) {
      fail(new Error('too large'));
      return;
    }
    setProgress(0);
    try {
      const { documentId } = await uploadDocument(file, {
        kind: 'profilePhoto',
        onProgress: setProgress,
      });
      await update.mutateAsync({ profilePhotoDocumentId: documentId });
      notify({ title: 'Photo Updated', description: 'Your profile photo has been saved.' });
    } catch (err) {
      fail(err);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="space-y-2">
      <Label htmlFor="p-photo">Profile Photo</Label>
      <div className="flex items-center gap-4">
        {profile.profileImage ? (
          <img
            src={profile.profileImage}
            alt={`${profile.firstName} ${profile.lastName}`}
            className="h-20 w-20 rounded-full object-cover"
          />
        ) : (
          <div className="flex h-20 w-20 items-center justify-center rounded-full bg-muted text-sm text-muted-foreground">
            No photo
          </div>
        )}
        <div className="space-y-2">
          <Input
            id="p-photo"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={disabled || progress !== null}
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          {progress !== null && (
            <div
              role="progressbar"
              aria-valuenow={progress}
              aria-valuemin={0}
              aria-valuemax={100}
              className="h-2 w-full overflow-hidden rounded bg-muted"
            >
              <div className="h-full bg-primary transition-all" style={{ width: `${progress}%` }} />
            </div>
          )}
          {profile.profileImage && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={disabled || update.isPending}
              onClick={() => update.mutate({ profilePhotoDocumentId: null }, { onError: fail })}
            >
              Remove Photo
            </Button>
          )}
          <p className="text-xs text-muted-foreground">PNG, JPEG or WebP, up to 10 MB.</p>
        </div>
      </div>
    </div>
  );
}
