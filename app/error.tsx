'use client';

import { PageError } from '@/components/ui/page-error';

export default function ErrorPage({ error }: { error: Error & { digest?: string } }) {
  return <PageError error={error} />;
}
