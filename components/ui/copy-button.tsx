'use client';

import { useToast } from './toasts';

export interface CopyButtonTexts {
  /** The button's text ("Copy"). */
  copy: string;
  /** The toast once copied. */
  copied: string;
  /** The toast when the browser refused (no clipboard access). */
  failed: string;
}

/** A button that copies `value` to the clipboard and says so in a toast; `label` (its accessible name) says what. */
export function CopyButton({ value, label, texts }: { value: string; label: string; texts: CopyButtonTexts }) {
  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast(texts.copied);
    } catch {
      toast(texts.failed, 'error');
    }
  }
  return (
    <button type="button" className="button" onClick={() => void copy()} aria-label={label} title={label}>
      {texts.copy}
    </button>
  );
}
