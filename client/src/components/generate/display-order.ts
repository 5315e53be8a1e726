import type { GenerationState, RefineOrigin } from '../../lib/generation';

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
  const originals = Math.min(state.request?.count ?? state.lines.length, state.lines.length);
  const children = new Map<number, number[]>();
  const placed = new Set<number>();
  for (const [at, origin] of Object.entries(state.refinedFrom)) {
    const index = Number(at);
    if (index < originals || index >= state.lines.length || origin.from >= index) continue;
    children.set(origin.from, [...(children.get(origin.from) ?? []), index]);
  }
  const out: DisplaySlot[] = [];
  const visit = (index: number) => {
    if (placed.has(index)) return;
    placed.add(index);
    const origin = index >= originals ? state.refinedFrom[index] : undefined;
    out.push({ kind: 'line', index, refined: index >= originals, origin });
    for (const child of (children.get(index) ?? []).sort((a, b) => a - b)) visit(child);
    if (state.refining?.from === index) out.push({ kind: 'refining', ...state.refining });
  };
  for (let i = 0; i < originals; i++) visit(i);
  for (let i = originals; i < state.lines.length; i++) visit(i);
  return out;
}
