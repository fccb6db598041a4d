import { NotYetAvailable } from '../components/page';

export default function SetPassword() {
  return <NotYetAvailable title="Set Your Password" what="Setting a password" />;
}
