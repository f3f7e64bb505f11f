import { type Filter, parse } from 'scim2-parse-filter';
import { scimError } from './scim-error';

/** How one attribute compares with `eq`: the database condition for a value, by the attribute's path in lower case. */
export type FilterAttributes<W> = Record<string, (value: string) => W>;

const invalidFilter = (detail: string) => scimError(400, 'invalidFilter', detail);

/**
 * A SCIM filter (RFC 7644 §3.4.2.2, parsed by scim2-parse-filter) as a database condition: `eq` on the given
 * attributes, `and`, `or`, `not` and value paths such as `emails[type eq "work"].value eq "…"` (the value path's own
 * filter names attributes `emails.type`…). Anything else is 400 `invalidFilter`.
 */
export function filterCondition<W extends object>(filter: string | undefined, attributes: FilterAttributes<W>): W[] {
  if (!filter) return [];
  let parsed: Filter;
  try {
    parsed = parse(filter);
  } catch {
    throw invalidFilter(`The filter ${JSON.stringify(filter)} is not valid SCIM filter syntax`);
  }
  return [conditionOf(parsed, attributes, '')];
}

function conditionOf<W extends object>(node: Filter, attributes: FilterAttributes<W>, prefix: string): W {
  switch (node.op) {
    case 'and':
      return { AND: node.filters.map((one) => conditionOf(one, attributes, prefix)) } as W;
    case 'or':
      return { OR: node.filters.map((one) => conditionOf(one, attributes, prefix)) } as W;
    case 'not':
      return { NOT: conditionOf(node.filter, attributes, prefix) } as W;
    case '[]':
      return conditionOf(node.valFilter, attributes, `${prefix}${node.attrPath}.`);
    case 'eq': {
      const path = `${prefix}${node.attrPath}`.toLowerCase();
      const compare = attributes[path];
      if (!compare) throw invalidFilter(`Filtering on ${node.attrPath} is not supported`);
      return compare(String(node.compValue));
    }
    default:
      throw invalidFilter(`The filter operator ${node.op} is not supported; use eq, and, or, not`);
  }
}
