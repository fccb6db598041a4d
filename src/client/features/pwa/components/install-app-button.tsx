import { Download } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../../components/ui/button';
import { useInstallPrompt } from '../install-prompt';

/** 'Install app' while the browser offers installing; nothing otherwise (or once installed). */
export function InstallAppButton({
  onClick,
  ...props
}: Omit<ComponentProps<typeof Button>, 'children'>) {
  const { canInstall, install } = useInstallPrompt();
  if (!canInstall) return null;
  return (
    <Button
      variant="outline"
      {...props}
      onClick={(e) => {
        onClick?.(e);
        void install();
      }}
    >
      <Download aria-hidden="true" />
      Install app
    </Button>
  );
}
