// How `npm run operator` prints a command's result without --json: a command may attach a printer of its own to its
// result (a symbol property, which JSON output leaves out); scripts/operator.ts uses it before its default printing.

const PRINTER = Symbol('operator-command printer');

type Printer<T> = (result: T) => void;

/** The result, to be printed by `printer` (without --json). */
export function printedWith<T extends object>(result: T, printer: Printer<T>): T {
  Object.defineProperty(result, PRINTER, { value: printer, enumerable: false });
  return result;
}

/** The printer a command attached to its result, if any. */
export function printerOf(result: object): Printer<object> | undefined {
  return (result as { [PRINTER]?: Printer<object> })[PRINTER];
}
