import { describe, expect, it } from 'vitest';
import { CtaPolicy, ctaOf, echoesName } from './cta';
import { slotProblem } from './frame-guard';

describe('calls to action and slot edges (issue 33, round 6)', () => {
  it('keeps a meeting request off a headline and a quote request off a priced brief', () => {
    const bio = new CtaPolicy('bios', 'headline for my linkedin: data analyst at a bank, I build dashboards', 'en');
    expect(bio.take("Data analyst. Let's talk.")).toBeNull();
    const ad = new CtaPolicy('adlines', 'tyre fitting in Kisii, KSh 400 a wheel', 'en');
    expect(ad.take('Tyre fitting, KSh 400 a wheel. Get a quote.')).toBe('Tyre fitting, KSh 400 a wheel.');
  });

  it('lets at most two lines of a set end on a call, never the same call twice', () => {
    const ad = new CtaPolicy('adlines', 'bakery in Nyeri, bread from 5am', 'en');
    expect(ad.take('Bread from 5am in Nyeri. Send us a message.')).not.toBeNull();
    expect(ad.take('Warm bread in Nyeri. Send us a message.')).toBeNull();
    expect(ad.take('Fresh from 5am. Call us today.')).not.toBeNull();
    expect(ad.take('Nyeri bakery, open early. Order today.')).toBeNull();
    expect(ctaOf('Made every morning. Order by 10am.')).toBeNull();
  });

  it('refuses a slot that is a clause edge, a unit tail or a quantity', () => {
    expect(slotProblem('ale called', 'subject')).not.toBeNull();
    expect(slotProblem('person per day', 'offer')).not.toBeNull();
    expect(slotProblem('20 litre jerrican', 'offer')).not.toBeNull();
    expect(slotProblem('design stuff', 'subject')).not.toBeNull();
    expect(slotProblem('Campaign', 'name')).not.toBeNull();
    expect(slotProblem('kayak hire', 'subject')).toBeNull();
    expect(echoesName('Kilimani loves Kilimani.')).toBe(true);
  });
});
