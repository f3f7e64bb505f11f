// Line icons (24×24, stroke 2) for icon buttons; the button carries the accessible name.

function LineIcon({ d, size = 18 }: { d: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

export const TrashIcon = () => <LineIcon d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />;
export const EditIcon = () => <LineIcon d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />;
export const ChevronDownIcon = () => <LineIcon d="m6 9 6 6 6-6" />;
export const ChevronUpIcon = () => <LineIcon d="m18 15-6-6-6 6" />;
export const CloseIcon = () => <LineIcon d="M18 6 6 18M6 6l12 12" />;
export const DownloadIcon = () => <LineIcon d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14" />;
