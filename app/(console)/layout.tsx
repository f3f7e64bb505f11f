import type { ReactNode } from 'react';
import { ConsoleShell } from '@/components/layout/console-shell';
import { ProfileProvider } from '@/components/session/profile-provider';

// Pages with navigation: the profile is fetched once here for all of them.
export default function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <ProfileProvider>
      <ConsoleShell>{children}</ConsoleShell>
    </ProfileProvider>
  );
}
