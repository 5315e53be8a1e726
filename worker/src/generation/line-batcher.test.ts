import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINE_BATCH_WINDOW_MS, LineBatcher } from './line-batcher';

type Sent = { event: 'line'; line: { index: number; text: string } } | { event: 'lines'; lines: Array<{ index: number; text: string }> };

function recorder() {
  const sent: Sent[] = [];
  const batcher = new LineBatcher(
    (line) => sent.push({ event: 'line', line }),
    (lines) => sent.push({ event: 'lines', lines }),
  );
  /** The lines as a client sees them: every line event and every line of a batch, in arrival order. */
  const seen = () => sent.flatMap((s) => (s.event === 'line' ? [s.line] : s.lines));
  return { sent, batcher, seen };
}

describe('LineBatcher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the first line at once, on its own', () => {
    const { sent, batcher } = recorder();
    batcher.push(0, 'first');
    expect(sent).toEqual([{ event: 'line', line: { index: 0, text: 'first' } }]);
  });

  it('sends the lines after the first that arrive within the window as one event, in order', () => {
    const { sent, batcher, seen } = recorder();
    batcher.push(0, 'line 0');
    batcher.push(1, 'line 1');
    vi.advanceTimersByTime(LINE_BATCH_WINDOW_MS / 2);
    batcher.push(2, 'line 2');
    batcher.push(3, 'line 3');
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(LINE_BATCH_WINDOW_MS);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ event: 'lines', lines: [1, 2, 3].map((i) => ({ index: i, text: `line ${i}` })) });
    expect(seen().map((l) => l.index)).toEqual([0, 1, 2, 3]);
  });

  it('never holds a line longer than the window', () => {
    const { sent, batcher } = recorder();
    batcher.push(0, 'a');
    batcher.push(1, 'b');
    vi.advanceTimersByTime(LINE_BATCH_WINDOW_MS);
    expect(sent).toEqual([
      { event: 'line', line: { index: 0, text: 'a' } },
      { event: 'line', line: { index: 1, text: 'b' } },
    ]);
  });

  it('flush() sends what is held before the final event, and nothing is sent twice', () => {
    const { sent, batcher, seen } = recorder();
    batcher.push(0, 'a');
    batcher.push(1, 'b');
    batcher.push(2, 'c');
    batcher.flush();
    expect(seen().map((l) => l.text)).toEqual(['a', 'b', 'c']);
    vi.advanceTimersByTime(LINE_BATCH_WINDOW_MS * 2);
    batcher.flush();
    expect(sent).toHaveLength(2);
    expect(seen().map((l) => l.text)).toEqual(['a', 'b', 'c']);
  });

  it('lines that arrive further apart than the window each go out alone, exactly once, in order', () => {
    const { sent, batcher, seen } = recorder();
    for (let i = 0; i < 4; i++) {
      batcher.push(i, `t${i}`);
      vi.advanceTimersByTime(LINE_BATCH_WINDOW_MS + 1);
    }
    batcher.flush();
    expect(sent.every((s) => s.event === 'line')).toBe(true);
    expect(seen()).toEqual([0, 1, 2, 3].map((i) => ({ index: i, text: `t${i}` })));
  });
});
