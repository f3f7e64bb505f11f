import { describe, it, expect } from '@jest/globals';
import { parseImportFile } from '@/lib/members/parse-import-file';

const rowsOf = (fileName: string, text: string) => {
  const parsed = parseImportFile(fileName, text);
  if (!parsed.ok) throw new Error(`expected rows, got ${parsed.problem}`);
  return parsed.rows;
};

describe('parseImportFile (spec §5 import)', () => {
  it('reads a comma-separated file with a header row', () => {
    expect(
      rowsOf(
        'people.csv',
        'name,email,phone,role\nAda Lovelace,ada@example.test,+4791234567,admin\nAlan Turing,alan@example.test,+4791234568,\n',
      ),
    ).toEqual([
      { row: 2, name: 'Ada Lovelace', email: 'ada@example.test', phone: '+4791234567', role: 'admin' },
      { row: 3, name: 'Alan Turing', email: 'alan@example.test', phone: '+4791234568' },
    ]);
  });

  it('detects semicolons, so names with commas stay whole', () => {
    expect(rowsOf('people.CSV', 'Name;E-mail;Mobile\n"Lovelace, Ada";ada@example.test;+47 912 34 567\r\n')).toEqual([
      { row: 2, name: 'Lovelace, Ada', email: 'ada@example.test', phone: '+47 912 34 567' },
    ]);
  });

  it('reads tab-separated .tsv files, whatever the column order, and ignores unknown columns', () => {
    expect(
      rowsOf(
        'people.tsv',
        'Department\tPhone number\tFull name\tEmail address\nSales\t+4791234567\tAda Lovelace\tada@example.test',
      ),
    ).toEqual([{ row: 2, name: 'Ada Lovelace', email: 'ada@example.test', phone: '+4791234567' }]);
  });

  it('accepts header names in the other languages and without accents or case', () => {
    expect(
      rowsOf('personer.csv', 'NAVN;E-POST;Teléfono;Rolle\nKari Nordmann;kari@example.test;+4791234567;SuperAdmin'),
    ).toEqual([
      { row: 2, name: 'Kari Nordmann', email: 'kari@example.test', phone: '+4791234567', role: 'superAdmin' },
    ]);
  });

  it('keeps a role it does not know as typed, for the server to refuse', () => {
    expect(rowsOf('people.csv', 'name,email,phone,role\nAda,ada@example.test,+4791234567,Captain')[0].role).toBe(
      'Captain',
    );
  });

  it('skips blank rows but counts them, so row numbers match the spreadsheet', () => {
    const rows = rowsOf(
      'people.csv',
      '\uFEFFname,email,phone\n\nAda,ada@example.test,+4791234567\n , , \nAlan,alan@example.test,+4791234568\n\n',
    );
    expect(rows.map((row) => row.row)).toEqual([3, 5]);
  });

  it('gives empty values for cells a short row lacks', () => {
    expect(rowsOf('people.csv', 'name,email,phone\nAda,ada@example.test')).toEqual([
      { row: 2, name: 'Ada', email: 'ada@example.test', phone: '' },
    ]);
  });

  it('refuses files that are not .csv or .tsv', () => {
    expect(parseImportFile('people.txt', 'name,email,phone\nAda,ada@example.test,+4791234567')).toEqual({
      ok: false,
      problem: 'fileType',
      missingColumns: [],
    });
    expect(parseImportFile('people.xlsx', 'PK\u0003\u0004')).toMatchObject({ ok: false, problem: 'fileType' });
    expect(parseImportFile('people', 'name,email,phone')).toMatchObject({ ok: false, problem: 'fileType' });
  });

  it('calls binary content and text without any known column unreadable', () => {
    expect(parseImportFile('people.csv', 'PK\u0003\u0004\u0000\u0000binary')).toMatchObject({
      ok: false,
      problem: 'unreadable',
    });
    expect(parseImportFile('people.csv', 'caf\uFFFD,\uFFFD')).toMatchObject({ ok: false, problem: 'unreadable' });
    expect(parseImportFile('people.csv', 'lorem ipsum dolor\nsit amet consectetur')).toMatchObject({
      ok: false,
      problem: 'unreadable',
    });
  });

  it('calls a broken quote unreadable', () => {
    expect(parseImportFile('people.csv', 'name,email,phone\n"Ada,ada@example.test,+4791234567\n')).toMatchObject({
      ok: false,
      problem: 'unreadable',
    });
  });

  it('names the required columns a file lacks', () => {
    expect(parseImportFile('people.csv', 'name,email\nAda,ada@example.test')).toEqual({
      ok: false,
      problem: 'missingColumns',
      missingColumns: ['phone'],
    });
  });

  it('calls a file without people empty', () => {
    expect(parseImportFile('people.csv', '')).toMatchObject({ ok: false, problem: 'empty' });
    expect(parseImportFile('people.tsv', '\n\n')).toMatchObject({ ok: false, problem: 'empty' });
    expect(parseImportFile('people.csv', 'name,email,phone\n\n')).toMatchObject({ ok: false, problem: 'empty' });
  });

  it('reads 2,000 rows with their row numbers', () => {
    const lines = Array.from(
      { length: 2000 },
      (_, i) => `Person ${i},p${i}@example.test,+479${String(i).padStart(7, '0')}`,
    );
    const rows = rowsOf('big.csv', ['name,email,phone', ...lines].join('\n'));
    expect(rows).toHaveLength(2000);
    expect(rows[1999]).toEqual({ row: 2001, name: 'Person 1999', email: 'p1999@example.test', phone: '+4790001999' });
  });
});
