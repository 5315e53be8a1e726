import type { Candidate } from './compose';
import { shuffle } from './text';

/**
 * Chooses lines for one answer, freshest first. A candidate costs more when it was shown recently
 * (the exact line, its base template or its parts, as found in the recent line keys), when its
 * base or parts are already in this answer, and for each part it adds to its base; ties go to a
 * random order. A brand word is preferred until a third of the answer uses one.
 */
export class Picker {
  private readonly taken = new Set<string>();
  private readonly basesTaken = new Map<string, number>();
  private readonly partsTaken = new Map<string, number>();
  private readonly recentLines: readonly string[];
  private readonly recentHits = new Map<string, boolean>();
  private wordLines = 0;

  /**
   * @param accept a cheap check run on every candidate (bounds, exclusions)
   * @param finish run only on a chosen candidate: the line as delivered (the switches applied), or
   *   null when it cannot be delivered (then the next best is taken)
   */
  constructor(
    private readonly accept: (candidate: Candidate) => boolean,
    private readonly finish: (candidate: Candidate) => string | null,
    private readonly recent: ReadonlySet<string>,
    private readonly random: () => number,
    private readonly wordTarget: number,
  ) {
    this.recentLines = [...recent];
  }

  /** Whether some recently shown line contains this text (key). */
  private seenRecently(key: string): boolean {
    let hit = this.recentHits.get(key);
    if (hit === undefined) {
      hit = this.recentLines.some((line) => line.includes(key));
      this.recentHits.set(key, hit);
    }
    return hit;
  }

  private cost(c: Candidate): number {
    // Fewer added parts first; among equals, lines naming more of the brief (place, offers...).
    let cost = c.parts.length - 0.3 * Math.min(c.richness, 3) - 0.35 * (c.voice ?? 0);
    if (this.recent.has(c.key)) cost += 10_000;
    if (this.seenRecently(c.base)) cost += 100;
    cost += 1_000 * (this.basesTaken.get(c.base) ?? 0);
    for (const part of c.parts) {
      if (this.seenRecently(part)) cost += 10;
      cost += 40 * (this.partsTaken.get(part) ?? 0);
    }
    if (c.usesWord && this.wordLines < this.wordTarget) cost -= 60;
    // A line the brief does not ground comes after every fresh grounded one (grounding.ts).
    if (c.loose) cost += 500;
    return cost;
  }

  /** How many candidates are acceptable, not taken and not shown recently. */
  freshAmong(candidates: readonly Candidate[]): number {
    return candidates.filter((c) => !this.taken.has(c.key) && !this.recent.has(c.key) && this.accept(c)).length;
  }

  /** Up to `n` lines, cheapest first; with `distinct`, never a base (a kind's pattern) already in the answer. */
  take(candidates: readonly Candidate[], n: number, distinct = false): string[] {
    const pool = shuffle(
      candidates.filter((c) => !this.taken.has(c.key) && this.accept(c) && !(distinct && this.basesTaken.has(c.base))),
      this.random,
    );
    const picked: string[] = [];
    while (picked.length < n) {
      let best: Candidate | undefined;
      let bestCost = Infinity;
      for (const c of pool) {
        if (this.taken.has(c.key) || (distinct && this.basesTaken.has(c.base))) continue;
        const cost = this.cost(c);
        if (cost < bestCost) {
          best = c;
          bestCost = cost;
        }
      }
      if (!best) break;
      this.taken.add(best.key);
      const text = this.finish(best);
      if (text === null) continue;
      this.basesTaken.set(best.base, (this.basesTaken.get(best.base) ?? 0) + 1);
      for (const part of best.parts) this.partsTaken.set(part, (this.partsTaken.get(part) ?? 0) + 1);
      if (best.usesWord) this.wordLines++;
      picked.push(text);
    }
    return picked;
  }
}
