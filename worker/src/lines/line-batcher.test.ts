import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINE_BATCH_WINDOW_MS, LineBatcher, type BatchedLine } from './line-batcher';

type Sent = { event: 'started'; lines?: BatchedLine[] } | { event: 'line'; line: BatchedLine } | { event: 'lines'; lines: BatchedLine[] };

function recorder() {
  const sent: Sent[] = [];
  const batcher = new LineBatcher(
    (lines) => sent.push(lines ? { event: 'started', lines } : { event: 'started' }),
    (line) => sent.push({ event: 'line', line }),
    (lines) => sent.push({ event: 'lines', lines }),
  );
  /** The lines as a client sees them: every line event and every line inside another event, in arrival order. */
  const seen = () => sent.flatMap((s) => (s.event === 'line' ? [s.line] : (s.lines ?? [])));
  return { sent, batcher, seen };
}

describe('LineBatcher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the first line at once, inside generation:started', () => {
    const { sent, batcher } = recorder();
    batcher.start();
    batcher.push(0, 'first');
    expect(sent).toEqual([{ event: 'started', lines: [{ index: 0, text: 'first' }] }]);
    vi.advanceTimersByTime(LINE_BATCH_WINDOW_MS * 2);
    expect(sent).toHaveLength(1);
  });

  it('sends started alone when no line comes within the window, and the first line after it at once', () => {
    const { sent, batcher } = recorder();
    batcher.start();
    vi.advanceTimersByTime(LINE_BATCH_WINDOW_MS - 1);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([{ event: 'started' }]);
    batcher.push(0, 'late');
    expect(sent).toEqual([{ event: 'started' }, { event: 'line', line: { index: 0, text: 'late' } }]);
  });

  it('sends the lines after the first that arrive within the window as one event, in order', () => {
    const { sent, batcher, seen } = recorder();
    batcher.start();
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
    batcher.start();
    batcher.push(0, 'a');
    batcher.push(1, 'b');
    vi.advanceTimersByTime(LINE_BATCH_WINDOW_MS);
    expect(sent).toEqual([
      { event: 'started', lines: [{ index: 0, text: 'a' }] },
      { event: 'line', line: { index: 1, text: 'b' } },
    ]);
  });

  it('flush() sends started and what is held before the final event, and nothing is sent twice', () => {
    const { sent, batcher, seen } = recorder();
    batcher.start();
    batcher.flush();
    expect(sent).toEqual([{ event: 'started' }]);
    batcher.push(0, 'a');
    batcher.push(1, 'b');
    batcher.push(2, 'c');
    batcher.flush();
    expect(seen().map((l) => l.text)).toEqual(['a', 'b', 'c']);
    vi.advanceTimersByTime(LINE_BATCH_WINDOW_MS * 2);
    batcher.flush();
    expect(sent.filter((s) => s.event === 'started')).toHaveLength(1);
    expect(seen().map((l) => l.text)).toEqual(['a', 'b', 'c']);
  });

  it('takeHeld() hands over the held lines (for the completion) and sends none of them', () => {
    const { sent, batcher, seen } = recorder();
    batcher.start();
    batcher.push(0, 'a');
    batcher.push(1, 'b');
    batcher.push(2, 'c');
    expect(batcher.takeHeld()).toEqual([
      { index: 1, text: 'b' },
      { index: 2, text: 'c' },
    ]);
    vi.advanceTimersByTime(LINE_BATCH_WINDOW_MS * 2);
    batcher.flush();
    expect(seen().map((l) => l.text)).toEqual(['a']);
    expect(sent).toHaveLength(1);
  });

  it('takeHeld() sends started first when no line ever came', () => {
    const { sent, batcher } = recorder();
    batcher.start();
    expect(batcher.takeHeld()).toEqual([]);
    expect(sent).toEqual([{ event: 'started' }]);
    vi.advanceTimersByTime(LINE_BATCH_WINDOW_MS * 2);
    expect(sent).toHaveLength(1);
  });

  it('lines that arrive further apart than the window each go out alone, exactly once, in order', () => {
    const { sent, batcher, seen } = recorder();
    batcher.start();
    for (let i = 0; i < 4; i++) {
      batcher.push(i, `t${i}`);
      vi.advanceTimersByTime(LINE_BATCH_WINDOW_MS + 1);
    }
    batcher.flush();
    expect(sent.slice(1).every((s) => s.event === 'line')).toBe(true);
    expect(seen()).toEqual([0, 1, 2, 3].map((i) => ({ index: i, text: `t${i}` })));
  });
});
