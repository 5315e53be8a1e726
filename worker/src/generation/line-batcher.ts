/** How long a line after the first may wait for others to go out with it (one publish for all). */
export const LINE_BATCH_WINDOW_MS = 25;

/**
 * Sends the lines of one generation as they arrive, in fewer messages: the first line goes out at
 * once (one generation:line); a later line is held for at most `windowMs` (25 ms), and the lines that
 * arrive in that window go out together as one generation:lines (one Redis publish instead of one
 * per line), in order; a line that is alone when its window closes goes out as generation:line.
 * `flush()` sends whatever is held (call it before the final event). Every line is sent exactly
 * once, in the order given.
 */
export class LineBatcher {
  private held: Array<{ index: number; text: string }> = [];
  private sentFirst = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly sendOne: (line: { index: number; text: string }) => void,
    private readonly sendMany: (lines: Array<{ index: number; text: string }>) => void,
    private readonly windowMs = LINE_BATCH_WINDOW_MS,
  ) {}

  push(index: number, text: string): void {
    if (!this.sentFirst) {
      this.sentFirst = true;
      this.sendOne({ index, text });
      return;
    }
    this.held.push({ index, text });
    this.timer ??= setTimeout(() => this.flush(), this.windowMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const lines = this.held;
    if (lines.length === 0) return;
    this.held = [];
    if (lines.length === 1) this.sendOne(lines[0]!);
    else this.sendMany(lines);
  }
}
