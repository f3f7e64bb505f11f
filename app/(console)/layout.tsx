import type { ReactNode } from 'react';
import { TopBar } from '@/components/layout/top-bar';

// Pages with navigation. For now the top bar only; the left navigation comes with the dashboard (issue 4).
export default function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <TopBar />
      {children}
    </>
  );
}
