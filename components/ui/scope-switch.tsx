'use client';

import Link from 'next/link';
import type { LogScope } from './log-scope';
import segmented from '@/components/ui/segmented.module.css';

/** An admin's switch of a log (alerts, positionings) between all the company's entries and their own: two links. */
export function ScopeSwitch({
  scope,
  hrefOf,
  texts,
}: {
  scope: LogScope;
  hrefOf: (scope: LogScope) => string;
  texts: { label: string } & Record<LogScope, string>;
}) {
  return (
    <div className={segmented.segmented} role="group" aria-label={texts.label}>
      {(['all', 'mine'] as const).map((option) => (
        <Link
          key={option}
          href={hrefOf(option)}
          className={segmented.segment}
          aria-current={option === scope ? 'true' : undefined}
        >
          {texts[option]}
        </Link>
      ))}
    </div>
  );
}
