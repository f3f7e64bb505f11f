/** Replies that confirm an alert SMS: "OK", "1", or yes in the product's languages. */
const CONFIRMING = new Set(['OK', 'OKAY', '1', 'YES', 'Y', 'JA', 'J', 'SI', 'SÍ']);

export function isConfirmingReply(body: string): boolean {
  return CONFIRMING.has(
    body
      .trim()
      .replace(/[.!\s]+$/, '')
      .toUpperCase(),
  );
}
