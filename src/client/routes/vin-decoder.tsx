import { Link } from 'react-router';
import { PATHS } from '@shared/paths';
import { Page } from '../components/page';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useAuthDialog } from '../features/auth/auth-dialog-context';
import { ToolAccess } from '../features/tools/components/tool-access';
import { VinDecoder } from '../features/tools/components/vin-decoder';

export default function VinDecoderScreen() {
  const { open } = useAuthDialog();
  const { data: user } = useCurrentUser();
  return (
    <Page
      title="VIN Decoder"
      intro={
        <>
          Check a VIN's check digit and read its model year, manufacturer and country.{' '}
          <Link to={PATHS.repairSoftware} className="text-blue-700 underline">
            All repair tools
          </Link>
        </>
      }
    >
      <ToolAccess slug="vin-decoder" viewer={user?.id ?? null} onSignIn={open}>
        <VinDecoder />
      </ToolAccess>
    </Page>
  );
}
