import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';

// docs/decisions.md opens with an index of its entries by area (issue 34): every entry is listed there once, under
// one area, with a link that reaches it.

const INDEX_TITLE = 'Index by area';
const text = readFileSync('docs/decisions.md', 'utf8');

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');

const entries = [...text.matchAll(/^## (.+)$/gm)].map((match) => match[1]).filter((title) => title !== INDEX_TITLE);
const indexPart = text.slice(text.indexOf(`## ${INDEX_TITLE}`), text.indexOf(`## ${entries[0]}`));
const listed = [...indexPart.matchAll(/^- \[(.+)\]\(#([^)]+)\)$/gm)].map((match) => ({
  title: match[1],
  anchor: match[2],
}));

describe('docs/decisions.md', () => {
  it('has an index by area before its first entry', () => {
    expect(text.indexOf(`## ${INDEX_TITLE}`)).toBeGreaterThan(0);
    expect(text.indexOf(`## ${INDEX_TITLE}`)).toBeLessThan(text.indexOf(`## ${entries[0]}`));
    expect(indexPart).toMatch(/^### /m);
  });

  it('lists every entry once, under its title, with the link GitHub makes for it (add a new entry to the index)', () => {
    expect(new Set(entries).size).toBe(entries.length);
    expect(listed.map((entry) => entry.title).sort()).toEqual([...entries].sort());
    for (const entry of listed) expect(entry.anchor).toBe(anchorOf(entry.title));
  });
});
