// The scenarios screen's order as plain data: one order over all the company's scenarios (what PUT /sortorder takes),
// shown per folder; a move within a folder swaps places among that folder's scenarios only. Pure, unit-tested in
// tests/unit/scenario-order.test.ts.

export interface Ordered {
  id: string;
  folderId: string | null;
}

/** The folder's scenarios in the company's order. */
export function inFolder<T extends Ordered>(order: T[], folderId: string | null): T[] {
  return order.filter((item) => item.folderId === folderId);
}

/**
 * The order with `id` moved to position `to` among the scenarios of its folder (clamped); the other folders' scenarios
 * keep their places. The same order when nothing moves.
 */
export function moveWithinFolder<T extends Ordered>(order: T[], id: string, to: number): T[] {
  const moving = order.find((item) => item.id === id);
  if (!moving) return order;
  const group = inFolder(order, moving.folderId);
  const from = group.indexOf(moving);
  const target = Math.max(0, Math.min(group.length - 1, to));
  if (from === target) return order;
  const regrouped = [...group];
  regrouped.splice(from, 1);
  regrouped.splice(target, 0, moving);
  let next = 0;
  return order.map((item) => (item.folderId === moving.folderId ? regrouped[next++] : item));
}
