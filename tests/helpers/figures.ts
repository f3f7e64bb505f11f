import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * What a fault or attack test tried and how it came out, so runs can be compared (docs/reliability.md): `tried` cases,
 * `held` where the promise held, `failed` where it did not, plus any measurements of the run (counts, ms, MB).
 */
export interface Figures {
  tried: number;
  held: number;
  failed: number;
  [measure: string]: number;
}

const FIGURES_FILE = path.resolve('test-results', 'figures.jsonl');

/**
 * Prints one line `figures <id> <title>: tried=… held=… failed=… …` and appends it to test-results/figures.jsonl.
 * `id` is the suite's name for the test (R1…R8).
 */
export function printFigures(id: string, title: string, figures: Figures): void {
  const measures = Object.entries(figures)
    .map(([name, value]) => `${name}=${Number.isInteger(value) ? value : value.toFixed(1)}`)
    .join(' ');
  process.stdout.write(`figures ${id} ${title}: ${measures}\n`);
  mkdirSync(path.dirname(FIGURES_FILE), { recursive: true });
  appendFileSync(FIGURES_FILE, `${JSON.stringify({ id, title, at: new Date().toISOString(), ...figures })}\n`);
}
