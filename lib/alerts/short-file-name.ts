/** Spec §9: attachment names are shown with at most this many characters, then an ellipsis. */
export const SHOWN_NAME_LENGTH = 11;

/** Spec §2 Attachments: the name cut to 11 characters plus "…" (characters, not UTF-16 units: emoji stay whole). */
export function shortFileName(name: string): string {
  const characters = Array.from(name);
  return characters.length <= SHOWN_NAME_LENGTH ? name : `${characters.slice(0, SHOWN_NAME_LENGTH).join('')}…`;
}
