import { Route, Routes } from 'react-router';
import { ErrorBoundary } from './error-boundary';
import { RootLayout } from './root-layout';
import { notFoundScreen as NotFound, screens } from './routes';

/** Every screen inside the layout (which catches a screen's errors); the outer boundary catches the layout's. */
export function AppRoutes() {
  return (
    <ErrorBoundary>
      <Routes>
        <Route element={<RootLayout />}>
          {screens.map(({ path, Screen }) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </ErrorBoundary>
  );
}
