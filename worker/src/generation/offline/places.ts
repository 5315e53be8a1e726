import words from './content/words.json' with { type: 'json' };

/**
 * A gazetteer of real places and areas (Kenyan towns, estates and areas; East African and world
 * towns and countries): a brief's place is one of these, or a name `compromise` tags as a place,
 * never a product label ("Ex-Japan") or a shop front ("Etsy").
 */
const KENYA = [
  'Nairobi', 'Nairobi CBD', 'CBD', 'Mombasa', 'Kisumu', 'Nakuru', 'Eldoret', 'Thika', 'Malindi', 'Kitale', 'Garissa',
  'Kakamega', 'Nyeri', 'Meru', 'Embu', 'Machakos', 'Kericho', 'Naivasha', 'Nanyuki', 'Lamu', 'Diani', 'Kilifi',
  'Watamu', 'Kisii', 'Bungoma', 'Busia', 'Voi', 'Narok', 'Kajiado', 'Kiambu', "Murang'a", 'Muranga', 'Makueni',
  'Kitui', 'Nyahururu', 'Ruiru', 'Kikuyu', 'Limuru', 'Athi River', 'Kitengela', 'Rongai', 'Ngong', 'Westlands',
  'Kilimani', 'Karen', 'Kibera', 'Eastleigh', 'Kasarani', 'Lavington', 'Parklands', 'Gikomba', 'Nyali', 'Bamburi',
  'Likoni', 'Industrial Area', 'Upper Hill', 'Upperhill', 'South B', 'South C', 'Ngara', 'Kawangware', 'Githurai',
  'Juja', 'Kahawa', 'Roysambu', 'Embakasi', 'Donholm', 'Buruburu', 'Umoja', 'Kayole', "Lang'ata", 'Langata',
  'Runda', 'Gigiri', 'Muthaiga', 'Ruaka', 'Syokimau', 'Mlolongo', 'Kangemi', 'Kileleshwa', 'Hurlingham', 'Ngong Road',
  'Mombasa Road', 'Thika Road', 'Waiyaki Way', 'Kenyatta Avenue', 'Moi Avenue', 'Tom Mboya Street', 'River Road',
  'Luthuli Avenue', 'Biashara Street', 'Kariakor', 'Pangani', 'Mathare', 'Dandora', 'Kariobangi', 'Zimmerman',
  'Kahawa West', 'Kahawa Sukari', 'Thome', 'Garden City', 'Two Rivers', 'Yaya', 'Sarit', 'Village Market', 'Ongata Rongai',
  'Kitisuru', 'Spring Valley', 'Loresho', 'Riruta', 'Dagoretti', 'Kabete', 'Wangige', 'Githunguri', 'Gatundu',
  'Kiserian', 'Isinya', 'Namanga', 'Kajiado', 'Emali', 'Mtito Andei', 'Wote', 'Mwingi', 'Chuka', 'Kerugoya', 'Karatina',
  'Othaya', "Ol Kalou", 'Gilgil', 'Molo', 'Njoro', 'Londiani', 'Litein', 'Bomet', 'Sotik', 'Keroka', 'Nyamira', 'Migori',
  'Homa Bay', 'Kendu Bay', 'Mbita', 'Siaya', 'Bondo', 'Ugunja', 'Mumias', 'Webuye', 'Kimilili', 'Malaba', 'Vihiga',
  'Mbale', 'Kapsabet', 'Iten', 'Kabarnet', 'Eldama Ravine', 'Maralal', 'Isiolo', 'Marsabit', 'Moyale', 'Wajir', 'Mandera',
  'Lodwar', 'Kakuma', 'Lokichogio', 'Hola', 'Mpeketoni', 'Kwale', 'Ukunda', 'Msambweni', 'Shimoni', 'Mariakani',
  'Mtwapa', 'Kikambala', 'Shanzu', 'Mombasa Old Town', 'Kizingo', 'Changamwe', 'Mikindani',
  'Kenya', 'Rift Valley', 'Western Kenya', 'Central Kenya', 'Mount Kenya', 'Maasai Mara', 'Amboseli',
  'Tsavo', 'Lake Victoria', 'Lake Naivasha', 'Hell\'s Gate', 'Karura Forest', 'Kakamega Forest', 'Ngong Hills',
  'Kenyatta Hospital', 'KICC', 'Uhuru Park', 'Jevanjee Gardens', 'Nyayo Stadium', 'Kasarani Stadium', 'Jomo Kenyatta Airport',
];
const WORLD = [
  'Uganda', 'Tanzania', 'Rwanda', 'Burundi', 'Ethiopia', 'Somalia', 'South Sudan', 'Kampala', 'Entebbe', 'Jinja', 'Gulu',
  'Mbarara', 'Dar es Salaam', 'Arusha', 'Moshi', 'Zanzibar', 'Stone Town', 'Dodoma', 'Mwanza', 'Tanga', 'Kigali',
  'Addis Ababa', 'Lagos', 'Abuja', 'Accra', 'Kumasi', 'Dakar', 'Johannesburg', 'Cape Town', 'Durban', 'Pretoria',
  'Cairo', 'Casablanca', 'Marrakech', 'Tunis', 'Lusaka', 'Harare', 'Kinshasa', 'Luanda', 'Windhoek', 'Gaborone',
  'Nigeria', 'Ghana', 'South Africa', 'Egypt', 'Morocco', 'Zambia', 'Zimbabwe', 'Africa', 'East Africa', 'West Africa',
  'London', 'Manchester', 'Birmingham', 'Leeds', 'Liverpool', 'Bristol', 'Glasgow', 'Edinburgh', 'Cardiff', 'Belfast',
  'Dublin', 'Cork', 'Brighton', 'Oxford', 'Cambridge', 'York', 'Hackney', 'Brixton', 'Shoreditch', 'Camden',
  'Peckham', 'Soho', 'Paris', 'Lyon', 'Marseille', 'Berlin', 'Hamburg', 'Munich', 'Madrid', 'Barcelona', 'Lisbon',
  'Porto', 'Rome', 'Milan', 'Amsterdam', 'Rotterdam', 'Brussels', 'Vienna', 'Prague', 'Warsaw', 'Stockholm', 'Oslo',
  'Copenhagen', 'Helsinki', 'Athens', 'Istanbul', 'Zurich', 'Geneva', 'Europe', 'UK', 'England', 'Scotland', 'Wales',
  'Ireland', 'France', 'Germany', 'Spain', 'Portugal', 'Italy', 'Netherlands',
  'New York', 'Brooklyn', 'Queens', 'Manhattan', 'Los Angeles', 'San Francisco', 'Oakland', 'Seattle', 'Portland',
  'Chicago', 'Boston', 'Austin', 'Dallas', 'Houston', 'Atlanta', 'Miami', 'Denver', 'Phoenix', 'Nashville',
  'New Orleans', 'Philadelphia', 'Washington', 'Detroit', 'Minneapolis', 'San Diego', 'Las Vegas', 'Toronto',
  'Vancouver', 'Montreal', 'Calgary', 'Ottawa', 'Mexico City', 'Sao Paulo', 'São Paulo', 'Rio de Janeiro',
  'Buenos Aires', 'Lima', 'Bogota', 'Bogotá', 'Santiago', 'USA', 'US', 'Canada', 'Mexico', 'Brazil',
  'Dubai', 'Abu Dhabi', 'Doha', 'Riyadh', 'Mumbai', 'Delhi', 'New Delhi', 'Bangalore', 'Bengaluru', 'Chennai',
  'Karachi', 'Lahore', 'Dhaka', 'Singapore', 'Kuala Lumpur', 'Bangkok', 'Jakarta', 'Bali', 'Manila', 'Hong Kong',
  'Tokyo', 'Osaka', 'Seoul', 'Beijing', 'Shanghai', 'Sydney', 'Melbourne', 'Brisbane', 'Perth', 'Auckland',
  'Wellington', 'India', 'China', 'Japan', 'Australia', 'New Zealand',
];
/** Shop fronts, platforms and product labels that look like places and are not. */
const NOT_PLACES = new Set(
  ['etsy', 'amazon', 'jumia', 'kilimall', 'instagram', 'facebook', 'tiktok', 'whatsapp', 'youtube', 'twitter', 'linkedin',
    'shopify', 'ebay', 'google', 'x', 'zoom', 'uber', 'bolt', 'glovo', 'netflix', 'spotify', 'm-pesa', 'mpesa', 'ex-japan',
    'ex-uk', 'ex-dubai', 'ex-germany', 'japan-made'].map((s) => s.toLowerCase()),
);

const ALL = [...new Set([...KENYA, ...WORLD, ...(words.places as string[])])];
const BY_LOWER = new Map(ALL.map((p) => [p.toLowerCase(), p]));
const KENYAN = new Set([...KENYA.map((p) => p.toLowerCase()), ...(words.places as string[]).slice(0, 51).map((p) => p.toLowerCase())]);

/** Whether a name is a known place (case-insensitive). */
export function isKnownPlace(text: string): boolean {
  return BY_LOWER.has(text.toLowerCase().replace(/^the\s+/, ''));
}

export function isKenyanPlace(text: string): boolean {
  return KENYAN.has(text.toLowerCase().replace(/^the\s+/, '').replace(/^.*?'s\s+/, ''));
}

/** Whether a word can never be a place ("Ex-Japan", "Etsy"). */
export function notAPlace(text: string): boolean {
  const lower = text.toLowerCase();
  return NOT_PLACES.has(lower) || /^ex[-\s]/i.test(text);
}

const GAZETTEER = ALL.filter((p) => p.length > 2 || p === 'UK' || p === 'US')
  .sort((a, b) => b.length - a.length)
  .map((p) => ({ place: p, lower: p.toLowerCase(), strict: /^[A-Z]{2,4}$/.test(p) }));

/** Lower case, every character outside a word a space (same length: indices hold). */
function plain(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}'’-]/gu, (m) => ' '.repeat(m.length));
}

/** Known places named in a text, as written, longest first and each once ("Nairobi's Industrial Area", "Kisumu"). */
export function placesIn(text: string): { text: string; index: number }[] {
  const out: { text: string; index: number }[] = [];
  let rest = ` ${text} `;
  let low = plain(rest);
  for (const { lower, strict } of GAZETTEER) {
    let at = low.indexOf(` ${lower}`);
    while (at >= 0) {
      const start = at + 1;
      const end = start + lower.length;
      const after = low.charAt(end);
      const found = rest.slice(start, end);
      const ok =
        (after === ' ' || after === "'" || after === '’') &&
        (!strict || found === found.toUpperCase()) &&
        // Written in lower case inside a sentence: only after "in", "at", "from", "near".
        (/^\p{Lu}/u.test(found) || /\b(?:in|at|from|near|around)\s+$/i.test(rest.slice(0, start)));
      if (ok) {
        // A possessive town before it stays ("Nairobi's Industrial Area").
        const before = /(\p{Lu}\p{L}+['’]s\s+)$/u.exec(rest.slice(0, start));
        const from = before ? start - (before[1] as string).length : start;
        out.push({ text: rest.slice(from, end), index: from - 1 });
        rest = rest.slice(0, from) + ' '.repeat(end - from) + rest.slice(end);
        low = plain(rest);
        break;
      }
      at = low.indexOf(` ${lower}`, at + 1);
    }
  }
  return out.sort((a, b) => a.index - b.index);
}
