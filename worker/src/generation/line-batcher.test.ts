import { describe, expect, it } from 'vitest';
import { LineBatcher } from './line-batcher';

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

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('LineBatcher', () => {
  it('sends the first line at once, on its own', () => {
    const { sent, batcher } = recorder();
    batcher.push(0, 'first');
    expect(sent).toEqual([{ event: 'line', line: { index: 0, text: 'first' } }]);
  });

  it('sends the rest of a burst as one event, in order, on the next turn of the event loop', async () => {
    const { sent, batcher, seen } = recorder();
    for (let i = 0; i < 5; i++) batcher.push(i, `line ${i}`);
    expect(sent).toHaveLength(1);
    await nextTurn();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ event: 'lines', lines: [1, 2, 3, 4].map((i) => ({ index: i, text: `line ${i}` })) });
    expect(seen().map((l) => l.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it('flush() sends what is held before the final event, and nothing is sent twice', async () => {
    const { sent, batcher, seen } = recorder();
    batcher.push(0, 'a');
    batcher.push(1, 'b');
    batcher.push(2, 'c');
    batcher.flush();
    expect(seen().map((l) => l.text)).toEqual(['a', 'b', 'c']);
    await nextTurn();
    batcher.flush();
    expect(sent).toHaveLength(2);
    expect(seen().map((l) => l.text)).toEqual(['a', 'b', 'c']);
  });

  it('lines that arrive apart each go out alone, exactly once, in order', async () => {
    const { sent, batcher, seen } = recorder();
    for (let i = 0; i < 4; i++) {
      batcher.push(i, `t${i}`);
      await nextTurn();
    }
    batcher.flush();
    expect(sent.every((s) => s.event === 'line')).toBe(true);
    expect(seen()).toEqual([0, 1, 2, 3].map((i) => ({ index: i, text: `t${i}` })));
  });
});
