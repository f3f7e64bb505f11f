const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The text with each lone surrogate replaced by U+FFFD (String.prototype.toWellFormed, which our TypeScript lib lacks).
 * A text column gets that from the UTF-8 encoding anyway; a JSON column refuses the text with an error instead.
 */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}
