import { APPLICATION_STATE_LABELS, APPLICATION_STATES } from '@shared/schemas/applications';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FieldError } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import type { ApplicationFormState } from '../use-application-form';

export function PersonalInfoCard({
  input,
  errors,
}: Pick<ApplicationFormState, 'input' | 'errors'>) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Personal Information</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="join-firstName">First Name *</Label>
          <Input {...input('firstName')} />
          <FieldError message={errors.firstName} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="join-lastName">Last Name *</Label>
          <Input {...input('lastName')} />
          <FieldError message={errors.lastName} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="join-email">Email *</Label>
          <Input type="email" {...input('email')} />
          <FieldError message={errors.email} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="join-phone">Phone *</Label>
          <Input type="tel" {...input('phone')} />
          <FieldError message={errors.phone} />
        </div>
        <div className="space-y-1.5 sm:col-span-2">
          <Label htmlFor="join-address">Street Address *</Label>
          <Input {...input('address')} />
          <FieldError message={errors.address} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="join-city">City *</Label>
          <Input {...input('city')} />
          <FieldError message={errors.city} />
        </div>
        <div className="grid grid-cols-2 gap-4">
          <div className="space-y-1.5">
            <Label htmlFor="join-state">State *</Label>
            <Select {...input('state')}>
              <option value="">Select state</option>
              {APPLICATION_STATES.map((s) => (
                <option key={s} value={s}>
                  {APPLICATION_STATE_LABELS[s]}
                </option>
              ))}
            </Select>
            <FieldError message={errors.state} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="join-zipCode">ZIP Code *</Label>
            <Input inputMode="numeric" {...input('zipCode')} />
            <FieldError message={errors.zipCode} />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
