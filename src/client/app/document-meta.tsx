import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTechnician } from '../features/technicians/api/get-technician';
import { pageMeta } from './page-meta';
import { matchScreen } from './routes';

/** The document's title and description follow the screen (the server sets them on first load). */
export function DocumentMeta() {
  const { pathname, search } = useLocation();
  const id = pathname.startsWith('/technician/') ? Number(pathname.split('/')[2]) : NaN;
  const { data: technician } = useTechnician(id);
  useEffect(() => {
    const meta = pageMeta({
      pathname,
      searchParams: new URLSearchParams(search),
      origin: window.location.origin,
      technician,
      unknownPage: !matchScreen(pathname),
    });
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [pathname, search, technician]);
  return null;
}
