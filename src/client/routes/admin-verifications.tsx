import { RequireUser } from '../features/auth/components/require-user';
import { VerificationManagement } from '../features/verifications/components/verification-management';

export default function AdminVerifications() {
  return (
    <RequireUser
      role="admin"
      hint="Demo admin: username admin, password wrenchly-demo"
      message="Verification management is for administrators."
    >
      {() => <VerificationManagement />}
    </RequireUser>
  );
}
