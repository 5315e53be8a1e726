import type { GenerationState, RefineOrigin } from './generation';

export type DisplaySlot =
  | { kind: 'line'; index: number; refined: boolean; origin?: RefineOrigin }
  /** A refinement on its way: shown right after the line it refines. */
  | ({ kind: 'refining' } & RefineOrigin);

/**
 * The order lines are shown in: each requested line, followed by its refinements (and theirs),
 * then any refined line whose origin this page does not know (read back after a reload).
 * The generation itself keeps them in arrival order, refinements appended at the end.
 */
export function displayOrder(state: Pick<GenerationState, 'lines' | 'request' | 'refinedFrom' | 'refining'>): DisplaySlot[] {
  const count = state.request?.count ?? state.lines.length;
  const originOf = (index: number): RefineOrigin | undefined => {
    const origin = state.refinedFrom[index];
    return origin && origin.from < index ? origin : undefined;
  };
  const isRefined = (index: number) => originOf(index) !== undefined || index >= count;
  const children = new Map<number, number[]>();
  for (let index = 0; index < state.lines.length; index++) {
    const origin = originOf(index);
    if (origin) children.set(origin.from, [...(children.get(origin.from) ?? []), index]);
  }
  const placed = new Set<number>();
  const out: DisplaySlot[] = [];
  const visit = (index: number) => {
    if (placed.has(index)) return;
    placed.add(index);
    out.push({ kind: 'line', index, refined: isRefined(index), origin: originOf(index) });
    for (const child of children.get(index) ?? []) visit(child);
    if (state.refining?.from === index) out.push({ kind: 'refining', ...state.refining });
  };
  // The requested lines in order, each followed by its refinements; then refinements of unknown origin.
  for (let i = 0; i < state.lines.length; i++) if (!isRefined(i)) visit(i);
  for (let i = 0; i < state.lines.length; i++) visit(i);
  return out;
}
