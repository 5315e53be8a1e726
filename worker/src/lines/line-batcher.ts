/** How long a line after the first (or generation:started before the first) may wait to go out with others. */
export const LINE_BATCH_WINDOW_MS = 25;

export type BatchedLine = { index: number; text: string };

/**
 * Sends the events of one generation attempt as it runs, in fewer messages (one Redis publish each):
 * - generation:started is held until the first line, for at most `windowMs` (25 ms): the first line
 *   goes out at once, inside the started event (`sendStarted([line])`); if no line comes in the
 *   window, started goes out alone (and the first line, when it comes, alone as generation:line).
 *   The first line is never delayed.
 * - a later line is held for at most `windowMs`, and the lines that arrive in that window go out
 *   together as one generation:lines, in order; a line alone when its window closes goes out as
 *   generation:line.
 * - `takeHeld()` at completion returns the lines still held (they travel inside
 *   generation:completed); `flush()` (failure paths) sends whatever is held.
 * Started is sent exactly once and first; every line exactly once, in the order given.
 */
export class LineBatcher {
  private held: BatchedLine[] = [];
  private startedSent = false;
  private sentFirst = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly sendStarted: (lines?: BatchedLine[]) => void,
    private readonly sendOne: (line: BatchedLine) => void,
    private readonly sendMany: (lines: BatchedLine[]) => void,
    private readonly windowMs = LINE_BATCH_WINDOW_MS,
  ) {}

  /** The attempt runs: generation:started goes out with the first line, or alone after the window. */
  start(): void {
    if (this.startedSent || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.ensureStarted();
    }, this.windowMs);
  }

  push(index: number, text: string): void {
    if (!this.sentFirst) {
      this.sentFirst = true;
      if (this.startedSent) this.sendOne({ index, text });
      else {
        this.clearTimer();
        this.startedSent = true;
        this.sendStarted([{ index, text }]);
      }
      return;
    }
    this.held.push({ index, text });
    this.timer ??= setTimeout(() => this.flush(), this.windowMs);
  }

  /** Sends what is held (started first if it has not gone out). */
  flush(): void {
    this.clearTimer();
    this.ensureStarted();
    const lines = this.held;
    if (lines.length === 0) return;
    this.held = [];
    if (lines.length === 1) this.sendOne(lines[0]!);
    else this.sendMany(lines);
  }

  /** Sends started if it has not gone out, and returns (and forgets) the lines still held. */
  takeHeld(): BatchedLine[] {
    this.clearTimer();
    this.ensureStarted();
    const lines = this.held;
    this.held = [];
    return lines;
  }

  private ensureStarted(): void {
    if (this.startedSent) return;
    this.startedSent = true;
    this.sendStarted();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
