import type { OwnProfile } from '@shared/schemas/profile';
import { FieldError } from '../../../components/ui/form';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { invalidProps } from '../../../lib/form-errors';
import type { ProfileSectionProps } from '../profile-form';
import { ProfilePhoto } from './profile-photo';

/** Bio and profile photo. */
export function AboutCard({
  form: f,
  set,
  errors,
  profile,
  photoDisabled,
}: ProfileSectionProps & { profile: OwnProfile; photoDisabled: boolean }) {
  return (
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
            onChange={(e) => set({ bio: e.target.value })}
            {...invalidProps('p-bio', errors.bio)}
          />
          <FieldError id="p-bio-error" message={errors.bio} />
        </div>
        <ProfilePhoto profile={profile} disabled={photoDisabled} />
      </CardContent>
    </Card>
  );
}
