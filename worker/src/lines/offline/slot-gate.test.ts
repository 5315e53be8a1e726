import { describe, expect, it } from 'vitest';
import { parseFrame } from './frame';
import { generateOffline } from './offline-generator';
import { badPiece, slotGateFor, slotGateProblem, withSubjectRestored, type SlotGate } from './slot-gate';

const gateOf = (brief: string): SlotGate => {
  const gate = slotGateFor(parseFrame(brief));
  if (!gate) throw new Error('no gate');
  return gate;
};

describe('slot gate (issue 33, classes 1 and 4)', () => {
  it('refuses a verb phrase, a cut modifier or a time word as a thing', () => {
    expect(badPiece('log trip', 'Fishing app: log trip, record catch, see fish prices')).not.toBeNull();
    expect(badPiece('takes two days', 'each pair takes two days to stitch')).not.toBeNull();
    expect(badPiece('passion', 'passion, mango and ginger juice, KSh 50 a glass')).not.toBeNull();
    expect(badPiece('tuesdays', 'swap or sell your old books, Tuesdays in the main hall')).not.toBeNull();
    expect(badPiece('volunteers teach grandmothers', 'Volunteers teach grandmothers to use smartphones', true)).not.toBeNull();
    // Kept: plain noun phrases.
    expect(badPiece('iron sheets', 'Hardware shop: cement, iron sheets, paint')).toBeNull();
    expect(badPiece('mango sorbet', 'Ice cream cart, mango sorbet KSh 100, chocolate cone KSh 150')).toBeNull();
    expect(badPiece('evening classes', 'Language school, evening classes, first lesson free')).toBeNull();
  });

  it('refuses lines a user would see garbled', () => {
    const app = gateOf('Fishing app for lake fishermen: log trip, record catch, see fish prices at the beach in real time');
    expect(slotGateProblem('Order log trip today.', app)).not.toBeNull();
    const wash = gateOf('Mobile car wash that comes to your office parking, interior and exterior, KSh 500');
    expect(slotGateProblem('Mobile car wash that parking.', wash)).not.toBeNull();
    expect(slotGateProblem('Interior: comes to your office, KSh 500.', wash)).not.toBeNull();
    const cart = gateOf('Ice cream cart near Nyali beach, mango sorbet KSh 100, chocolate cone KSh 150');
    expect(slotGateProblem('Mango sorbet and chocolate cone. KSh 100.', cart)).not.toBeNull();
    const school = gateOf('Primary school in Machakos, admissions open for grade 1 to 6, school bus, swimming lessons on Friday');
    expect(slotGateProblem('On Friday: school bus.', school)).not.toBeNull();
    const bike = gateOf('Youth group in Kibera that collects old bicycles and fixes them');
    expect(slotGateProblem('You don’t need to feel ready for collect old bicycles.', bike)).not.toBeNull();
    expect(slotGateProblem('Start simple with Kibera.', bike)).not.toBeNull();
    expect(slotGateProblem('Every volunteers matter.', bike)).not.toBeNull();
    const surf = gateOf('Surfboard ding repair in Byron Bay, most dings fixed in 24 hours');
    expect(slotGateProblem('Surfboard ding repair: surfboard ding repair and dings.', surf)).not.toBeNull();
    const teach = gateOf('Volunteers teach grandmothers to use smartphones every Saturday at the Nakuru library, free');
    expect(slotGateProblem('Volunteers teach grandmothers in Nakuru.', teach)).not.toBeNull();
    const dairy = gateOf('Dairy farm in Ol Kalou selling fresh milk at 60 bob a litre and yoghurt, deliveries every morning');
    expect(slotGateProblem('Morning delivery in Dairy: yoghurt from our dairy farm.', dairy)).not.toBeNull();
    const boda = gateOf('Boda boda safety training, free helmets for the first 100 riders, Saturday at Kakamega stadium');
    expect(slotGateProblem('Helmets in Kakamega. Tell a friend.', boda)).not.toBeNull();
  });

  it('keeps plain, true lines', () => {
    const cart = gateOf('Ice cream cart near Nyali beach, mango sorbet KSh 100, chocolate cone KSh 150');
    expect(slotGateProblem('Ice cream cart in Nyali. Mango sorbet: KSh 100.', cart)).toBeNull();
    expect(slotGateProblem('Chocolate cone, KSh 150. Order today.', cart)).toBeNull();
    const juice = gateOf('Fresh juice stall at Kongowea market: passion, mango and ginger juice, KSh 50 a glass, open 7am to 6pm');
    expect(slotGateProblem('Mango and ginger juice. Open 7am to 6pm.', juice)).toBeNull();
    expect(slotGateProblem('Ginger juice, KSh 50. Order today.', juice)).toBeNull();
    const school = gateOf('Primary school in Machakos, admissions open for grade 1 to 6, school bus, swimming lessons on Friday');
    expect(slotGateProblem('Primary school. Swimming lessons on Friday.', school)).toBeNull();
    const scale = gateOf('Weighing scale calibration for shops and markets in Eldoret, certified, we come to you');
    expect(slotGateProblem('Weighing scale calibration in Eldoret. We come to you.', scale)).toBeNull();
  });

  it('gives a verb phrase its subject back from the brief, and a time fact its own item', () => {
    const goat = gateOf('Goat race fundraiser in Nanyuki on 14 March, the winner takes home a goat, entry KSh 200');
    expect(withSubjectRestored('14 March: takes home goat.', goat)?.text).toBe('14 March: the winner takes home a goat.');
    const blood = gateOf('blood donation drive at Moi University, Friday 9am to 4pm, every pint saves three lives');
    const mended = withSubjectRestored('Saves three lives: open 9am to 4pm.', blood);
    expect(mended?.text).toBe('Every pint saves three lives: open 9am to 4pm.');
    expect(mended && slotGateProblem(mended.text, mended.gate)).toBeNull();
    const cake = gateOf('Wedding cake designer in Lagos, tasting appointments on Saturdays, three-tier cakes from NGN 250,000');
    expect(withSubjectRestored('Wedding cake designer, Lagos. On Saturdays.', cake)?.text).toBe(
      'Wedding cake designer, Lagos. Tasting appointments on Saturdays.',
    );
    const school = gateOf('Primary school in Machakos, admissions open for grade 1 to 6, school bus, swimming lessons on Friday');
    expect(withSubjectRestored('On Friday: school bus.', school)).toBeNull();
  });

  it('leaves no garbled slot in an answer and never leaves it short', () => {
    for (const topic of [
      'Fishing app for lake fishermen: log trip, record catch, see fish prices at the beach in real time',
      'Second-hand textbook exchange for university students, swap or sell your old books, Tuesdays in the main hall',
      'Goat race fundraiser in Nanyuki on 14 March, the winner takes home a goat, entry KSh 200',
    ]) {
      const { lines } = generateOffline({ category: 'taglines', tone: 'bold', topic, count: 5, random: () => 0.3 });
      expect(lines).toHaveLength(5);
      expect(lines.join('\n')).not.toMatch(/log trip|record catch|all about swap|takes home goat/i);
    }
  });
});
