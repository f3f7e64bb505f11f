import Papa from 'papaparse';

/** The columns an import file must (name, email, phone) or may (role) have. */
export const IMPORT_COLUMNS = ['name', 'email', 'phone', 'role'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
const REQUIRED_COLUMNS: readonly ImportColumn[] = ['name', 'email', 'phone'];

/** One person of the file, as typed; `row` is the record's number in the file (the header is row 1). */
export interface ImportRow {
  row: number;
  name: string;
  email: string;
  phone: string;
  role?: string;
}

export type ImportFileProblem = 'fileType' | 'unreadable' | 'missingColumns' | 'empty';

export type ParsedImportFile =
  { ok: true; rows: ImportRow[] } | { ok: false; problem: ImportFileProblem; missingColumns: ImportColumn[] };

/** Header names accepted for each column, compared without case, accents, spaces or punctuation ("E-mail" = "email"). */
const HEADER_ALIASES: Record<ImportColumn, readonly string[]> = {
  name: ['name', 'fullname', 'navn', 'namn', 'nombre', 'nombrecompleto', 'fuldtnavn', 'fulltnavn', 'fulltnamn'],
  email: [
    'email',
    'mail',
    'emailaddress',
    'epost',
    'epostadresse',
    'epostadress',
    'emailadresse',
    'correo',
    'correoelectronico',
  ],
  phone: [
    'phone',
    'phonenumber',
    'mobile',
    'mobilephone',
    'mobilenumber',
    'cell',
    'cellphone',
    'telephone',
    'tel',
    'mobil',
    'mobilnummer',
    'telefon',
    'telefonnummer',
    'telefono',
    'movil',
  ],
  role: ['role', 'rolle', 'roll', 'rol'],
};

/** The roles as the API spells them, found by their lower-case form ("SuperAdmin" → "superAdmin"). */
const ROLE_SPELLING = new Map(
  ['user', 'admin', 'teamadmin', 'billing', 'superAdmin', 'owner'].map((role) => [role.toLowerCase(), role]),
);

const headerKey = (header: string) =>
  header
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

function columnOf(header: string): ImportColumn | undefined {
  const key = headerKey(header);
  return IMPORT_COLUMNS.find((column) => HEADER_ALIASES[column].includes(key));
}

/** `.csv` (comma or semicolon, detected) or `.tsv` (tab); null for any other file type. */
function delimitersFor(fileName: string): string[] | null {
  const extension = /\.([^.]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  if (extension === 'csv') return [',', ';'];
  if (extension === 'tsv') return ['\t'];
  return null;
}

/** Text that is not text: NUL bytes or the replacement character left by bytes that are not UTF-8. */
const looksBinary = (text: string) => text.includes('\u0000') || text.includes('\uFFFD');

/**
 * Reads an import file (spec §5: .csv with comma or semicolon, or .tsv): a header row naming the columns, then one
 * person per row. Blank rows are skipped but counted, so row numbers match what a spreadsheet shows.
 */
export function parseImportFile(fileName: string, text: string): ParsedImportFile {
  const fail = (problem: ImportFileProblem, missingColumns: ImportColumn[] = []): ParsedImportFile => ({
    ok: false,
    problem,
    missingColumns,
  });
  const delimiters = delimitersFor(fileName);
  if (!delimiters) return fail('fileType');
  const content = text.replace(/^\uFEFF/, '');
  if (looksBinary(content)) return fail('unreadable');
  if (content.trim() === '') return fail('empty');

  const parsed = Papa.parse<string[]>(content, {
    delimiter: delimiters.length === 1 ? delimiters[0] : '',
    delimitersToGuess: delimiters,
    skipEmptyLines: false,
  });
  if (parsed.errors.some((error) => error.type === 'Quotes')) return fail('unreadable');

  const records = parsed.data;
  const headerIndex = records.findIndex((cells) => !isBlank(cells));
  const columns = new Map<ImportColumn, number>();
  records[headerIndex].forEach((header, position) => {
    const column = columnOf(header);
    if (column && !columns.has(column)) columns.set(column, position);
  });
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.has(column));
  if (missing.length > 0)
    return fail(missing.length === REQUIRED_COLUMNS.length ? 'unreadable' : 'missingColumns', missing);

  const cell = (cells: string[], column: ImportColumn) => {
    const position = columns.get(column);
    return position === undefined ? '' : (cells[position] ?? '').trim();
  };
  const rows: ImportRow[] = [];
  records.forEach((cells, index) => {
    if (index <= headerIndex || isBlank(cells)) return;
    const role = cell(cells, 'role');
    rows.push({
      row: index + 1,
      name: cell(cells, 'name'),
      email: cell(cells, 'email'),
      phone: cell(cells, 'phone'),
      ...(role ? { role: ROLE_SPELLING.get(role.toLowerCase()) ?? role } : {}),
    });
  });
  return rows.length === 0 ? fail('empty') : { ok: true, rows };
}

const isBlank = (cells: string[]) => cells.every((value) => value.trim() === '');
