import { describe, expect, it } from 'vitest';
import { boundsFor, cleanLine, fitToBounds, lineKey, LineSplitter, withinBounds } from './clean-lines';

describe('cleanLine', () => {
  it.each([
    ['1. Bold ideas, built to last', 'Bold ideas, built to last'],
    ['2) Bold ideas, built to last', 'Bold ideas, built to last'],
    ['(3) Bold ideas, built to last', 'Bold ideas, built to last'],
    ['4: Bold ideas, built to last', 'Bold ideas, built to last'],
    ['- Bold ideas, built to last', 'Bold ideas, built to last'],
    ['• Bold ideas, built to last', 'Bold ideas, built to last'],
    ['* "Bold ideas, built to last"', 'Bold ideas, built to last'],
    ['  "Bold ideas, built to last"  ', 'Bold ideas, built to last'],
    ['“Bold ideas, built to last”', 'Bold ideas, built to last'],
    ['**Bold ideas, built to last**', 'Bold ideas, built to last'],
    ['Tagline 5: Bold ideas', 'Bold ideas'],
    ['1. "Stay bold"', 'Stay bold'],
    ['Bold   ideas\tbuilt', 'Bold ideas built'],
  ])('%j -> %j', (raw, clean) => {
    expect(cleanLine(raw)).toBe(clean);
  });

  it('keeps content that only looks like numbering or quotes', () => {
    expect(cleanLine('10 reasons to smile today')).toBe('10 reasons to smile today');
    expect(cleanLine('24/7 support that actually cares')).toBe('24/7 support that actually cares');
    expect(cleanLine('#1 coffee in town #MondayMotivation')).toBe('#1 coffee in town #MondayMotivation');
    expect(cleanLine('"Yes" is where it starts, "wow" is where it ends')).toBe('"Yes" is where it starts, "wow" is where it ends');
    expect(cleanLine("Don't stop")).toBe("Don't stop");
  });

  it('drops blank lines and chatter around the lines', () => {
    expect(cleanLine('   ')).toBe('');
    expect(cleanLine('Here are 4 bold taglines:')).toBe('');
    expect(cleanLine('Sure! Here you go')).toBe('');
    expect(cleanLine('Taglines:')).toBe('');
  });
});

describe('lineKey', () => {
  it('compares case-insensitively, ignoring spacing and end punctuation', () => {
    expect(lineKey('Just Do It.')).toBe(lineKey('just  do it'));
    expect(lineKey('Dream big!')).toBe(lineKey('DREAM BIG'));
    expect(lineKey('Dream big')).not.toBe(lineKey('Dream bigger'));
  });
});

describe('bounds', () => {
  it('uses the category bounds, tightened by maxChars', () => {
    expect(boundsFor('taglines')).toEqual({ min: 8, max: 80 });
    expect(boundsFor('bios', 100)).toEqual({ min: 15, max: 100 });
    expect(boundsFor('slogans', 500)).toEqual({ min: 6, max: 70 });
  });

  it('checks length, counting emoji as the validators do', () => {
    expect(withinBounds('x'.repeat(80), { min: 8, max: 80 })).toBe(true);
    expect(withinBounds('x'.repeat(81), { min: 8, max: 80 })).toBe(false);
    expect(withinBounds('short', { min: 8, max: 80 })).toBe(false);
    expect(withinBounds('🎉'.repeat(41), { min: 8, max: 80 })).toBe(false);
  });

  it('fits a long line at a word boundary, or gives up', () => {
    const fitted = fitToBounds('Fresh coffee for busy mornings and slow, lazy Sunday afternoons', { min: 8, max: 30 });
    expect(fitted).toBe('Fresh coffee for busy mornings');
    expect(fitToBounds('Supercalifragilisticexpialidocious', { min: 8, max: 20 })).toBeUndefined();
  });
});

describe('LineSplitter', () => {
  it('emits each line as soon as its newline arrives, and the rest at the end', () => {
    const s = new LineSplitter();
    expect(s.push('First li')).toEqual([]);
    expect(s.push('ne\nSecond')).toEqual(['First line']);
    expect(s.push(' line\r\n\nThi')).toEqual(['Second line', '']);
    expect(s.end()).toEqual(['Thi']);
    expect(s.end()).toEqual([]);
  });
});
