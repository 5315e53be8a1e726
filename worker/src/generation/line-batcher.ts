/**
 * Sends the lines of one generation as they arrive, without delaying any of them: the first line
 * goes out at once (one generation:line); lines that arrive while the event loop is still busy with
 * the same burst (before the next turn of the loop) are held and sent together as one
 * generation:lines, in order. `flush()` sends whatever is held (call it before the final event).
 * Every line is sent exactly once, in the order given.
 */
export class LineBatcher {
  private held: Array<{ index: number; text: string }> = [];
  private sentFirst = false;
  private timer: ReturnType<typeof setImmediate> | undefined;

  constructor(
    private readonly sendOne: (line: { index: number; text: string }) => void,
    private readonly sendMany: (lines: Array<{ index: number; text: string }>) => void,
  ) {}

  push(index: number, text: string): void {
    if (!this.sentFirst) {
      this.sentFirst = true;
      this.sendOne({ index, text });
      return;
    }
    this.held.push({ index, text });
    this.timer ??= setImmediate(() => this.flush());
  }

  flush(): void {
    if (this.timer) clearImmediate(this.timer);
    this.timer = undefined;
    const lines = this.held;
    if (lines.length === 0) return;
    this.held = [];
    if (lines.length === 1) this.sendOne(lines[0]!);
    else this.sendMany(lines);
  }
}
