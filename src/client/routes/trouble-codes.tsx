import { Link } from 'react-router';
import { PATHS } from '@shared/paths';
import { Page } from '../components/page';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useAuthDialog } from '../features/auth/auth-dialog-context';
import { ToolAccess } from '../features/tools/components/tool-access';
import { TroubleCodeLookup } from '../features/tools/components/trouble-code-lookup';

export default function TroubleCodes() {
  const { open } = useAuthDialog();
  const { data: user } = useCurrentUser();
  return (
    <Page
      title="OBD-II Code Library"
      intro={
        <>
          Look up a generic trouble code (SAE J2012) or search by words, with its likely causes.{' '}
          <Link to={PATHS.repairSoftware} className="text-blue-700 underline">
            All repair tools
          </Link>
        </>
      }
    >
      <ToolAccess slug="trouble-codes" viewer={user?.id ?? null} onSignIn={open}>
        <TroubleCodeLookup />
      </ToolAccess>
    </Page>
  );
}
