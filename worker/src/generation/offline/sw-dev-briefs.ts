import type { CategoryId, Tone } from '@gl/core';

/**
 * Kiswahili dev briefs (issue 33): invented for tuning the built-in writer's Kiswahili lines, never
 * rated blind. Briefs written in Kiswahili or Sheng, and English briefs asked in Kiswahili; Kenyan
 * businesses, people, events, chama, harambee, church and school, with KSh, M-Pesa, times and days.
 * The sw tests (sw-lines.test.ts) read lines written for them; `npx tsx bench/sw-dev.ts` prints them.
 */
export interface SwDevBrief {
  brief: string;
  category: CategoryId;
  tone: Tone;
}

export const SW_DEV_BRIEFS: SwDevBrief[] = [
  // Written in Kiswahili or Sheng.
  { brief: 'Niko na salon ya kusuka Kayole, rasta na twists kuanzia KSh 800', category: 'adlines', tone: 'bold' },
  { brief: 'Nauza mandazi na chai kila asubuhi stage ya Githurai', category: 'captions', tone: 'funny' },
  { brief: 'Tunauza samaki wa kukaanga Kisumu, tunaleta bure', category: 'adlines', tone: 'bold' },
  { brief: 'Kinyozi Fresh Cuts Rongai, fade KSh 200, Jumatatu hadi Jumamosi', category: 'taglines', tone: 'bold' },
  { brief: 'Chama ya wanawake Tujiinue Nakuru inatafuta wanachama wapya', category: 'captions', tone: 'inspirational' },
  { brief: 'Harambee ya kujenga kanisa Mlolongo Jumapili hii', category: 'adlines', tone: 'inspirational' },
  { brief: 'Nataka bio ya IG ya duka langu la viatu vya mitumba Gikomba', category: 'bios', tone: 'corporate' },
  { brief: 'Shule ya Msingi Baraka Machakos inakaribisha wanafunzi wapya, karo nafuu', category: 'adlines', tone: 'corporate' },
  { brief: 'Mama mboga Kawangware, sukuma wiki na nyanya kila siku, lipa na M-Pesa', category: 'captions', tone: 'funny' },
  { brief: 'Fundi wa simu Nakuru, tunabadilisha screen ndani ya saa moja', category: 'adlines', tone: 'bold' },
  { brief: 'Tuna boda boda delivery Thika, tunafikisha mzigo haraka', category: 'slogans', tone: 'minimalist' },
  { brief: '#Caption ya harusi yetu Jumamosi hii', category: 'captions', tone: 'romantic' },
  { brief: 'Mkate wa nyumbani na keki za birthday Ruiru, order kwa WhatsApp', category: 'captions', tone: 'romantic' },
  { brief: 'Car wash yetu ya Ngong Road iko wazi kila siku', category: 'taglines', tone: 'minimalist' },
  { brief: 'Tunaleta maji safi ya kunywa Embakasi, mtungi wa lita 20 KSh 150', category: 'adlines', tone: 'motivational' },
  { brief: 'Tuna gym mpya Kitengela, KSh 1,500 kwa mwezi', category: 'slogans', tone: 'motivational' },
  { brief: 'Kwaya ya vijana ya kanisa inatafuta waimbaji wapya', category: 'captions', tone: 'inspirational' },
  { brief: 'Nauza nguo za watoto online, delivery Nairobi yote', category: 'bios', tone: 'bold' },
  { brief: 'Quote ya kuwatia moyo wanafunzi wa KCSE', category: 'quotes', tone: 'motivational' },
  { brief: 'Niko na kibanda cha chips na smokie Kahawa Sukari', category: 'captions', tone: 'funny' },
  // English briefs, lines asked in Kiswahili.
  { brief: 'Fish delivery in Kisumu, fresh tilapia to your door', category: 'adlines', tone: 'corporate' },
  { brief: 'Tailoring shop in Kisumu, school uniforms and suits, alterations while you wait', category: 'taglines', tone: 'funny' },
  { brief: 'Boda boda helmet safety campaign in Kakamega', category: 'slogans', tone: 'bold' },
  { brief: 'Photo caption for a wedding I MCed last Saturday in Naivasha', category: 'captions', tone: 'romantic' },
  {
    brief: 'Need words for our T-shirts: Eldoret 10km fun run for a children’s home, 14 September',
    category: 'slogans',
    tone: 'motivational',
  },
  { brief: 'Women’s chama in Eldoret, we meet every Sunday, KSh 500 a week', category: 'quotes', tone: 'inspirational' },
  { brief: 'Church harambee for the new roof at PCEA Kikuyu, target KSh 2,000,000', category: 'adlines', tone: 'inspirational' },
  { brief: 'Mobile phone repairs in Thika, screens fixed in one hour, pay by M-Pesa', category: 'adlines', tone: 'bold' },
  { brief: 'Borehole drilling in Machakos, free site survey', category: 'taglines', tone: 'corporate' },
  { brief: 'Day care for toddlers in Kileleshwa, open Monday to Friday', category: 'bios', tone: 'minimalist' },
  { brief: 'Mama Njeri’s kitchen, chapati and beans KSh 100, Industrial Area', category: 'adlines', tone: 'funny' },
  { brief: 'KCSE chemistry tutor in Nairobi, Saturday classes', category: 'bios', tone: 'romantic' },
  { brief: 'Second-hand furniture shop in Kahawa West, free delivery', category: 'captions', tone: 'motivational' },
  { brief: 'School fundraiser for a new library in Kisii, pay by M-Pesa', category: 'captions', tone: 'inspirational' },
  { brief: 'Inspirational quote for our youth group in Kibera', category: 'quotes', tone: 'inspirational' },
  { brief: 'Bakery in Nyeri, fresh bread every morning from 6am', category: 'taglines', tone: 'funny' },
  // Round 2 (issue 33, blind Kiswahili 0.2): persons, negation, Sheng and funny, events and causes that invite, English briefs asked in Kiswahili.
  { brief: 'Mimi ni fundi wa kuchonga vinyago Malindi, nataka bio ya Instagram', category: 'bios', tone: 'bold' },
  { brief: 'Asali yetu haijaongezwa sukari wala maji, kutoka Kitui', category: 'adlines', tone: 'bold' },
  { brief: 'Nipe caption ya kuchekesha ya kibanda changu cha mutura Kasarani', category: 'captions', tone: 'funny' },
  { brief: 'Niaje, niko na duka ya sneakers Ngara, bei poa sana', category: 'captions', tone: 'funny' },
  { brief: 'Mimi ni nesi na mama wa watoto watatu, bio ya TikTok', category: 'bios', tone: 'inspirational' },
  { brief: 'Tamasha la muziki wa benga Nyeri Jumamosi, kiingilio KSh 300', category: 'adlines', tone: 'bold' },
  { brief: 'Tunachangisha pesa za matibabu ya mtoto Wanjiru, tuma kwa M-Pesa', category: 'captions', tone: 'inspirational' },
  { brief: 'Yoghurt ya maziwa ya mbuzi bila preservatives, Nanyuki', category: 'taglines', tone: 'minimalist' },
  { brief: 'Mazoezi ya yoga kila Jumanne jioni Westlands, KSh 500 kwa kipindi', category: 'slogans', tone: 'motivational' },
  {
    brief: 'Mashindano ya mpira wa miguu ya vijana Kariobangi, timu zijiandikishe kabla ya tarehe 5 Machi',
    category: 'adlines',
    tone: 'bold',
  },
  { brief: 'Msee wa nduthi Kitengela, nakupeleka popote fasta', category: 'slogans', tone: 'funny' },
  { brief: 'Slogan ya kampeni ya kupanda miti shuleni Nyandarua', category: 'slogans', tone: 'inspirational' },
  { brief: 'Niko na YouTube channel ya mapishi, nataka bio', category: 'bios', tone: 'funny' },
  { brief: 'Duka la dawa Kahawa, tuko wazi saa 24', category: 'taglines', tone: 'corporate' },
  { brief: 'Form ni gani? Tuko na bash ya Jamhuri Day Rongai, entry ni mia mbili', category: 'captions', tone: 'funny' },
  { brief: 'Car wash yetu Donholm haitumii sabuni kali, slogan ya kuchekesha', category: 'slogans', tone: 'funny' },
  { brief: 'Swahili caption for our sunset dhow cruise in Lamu, KSh 3,500 per person', category: 'captions', tone: 'romantic' },
  { brief: 'Kiswahili slogan for a soapstone carvers co-op in Kisii', category: 'slogans', tone: 'inspirational' },
  { brief: 'Write a Swahili bio for me, I am a primary school teacher in Meru who loves poetry', category: 'bios', tone: 'inspirational' },
  { brief: "Caption in Kiswahili for our gym's new spinning class, Thursdays 6pm", category: 'captions', tone: 'motivational' },
  { brief: 'Swahili tagline for a darts tournament at our pub in Nakuru, 12 April', category: 'taglines', tone: 'funny' },
  { brief: 'Kiswahili ad for our honey, no sugar added, from Baringo', category: 'adlines', tone: 'corporate' },
  { brief: 'Funny Swahili caption for my mitumba jeans stall in Toi market', category: 'captions', tone: 'funny' },
  { brief: 'Swahili quote for a tree planting day at our church in Kiambu', category: 'quotes', tone: 'inspirational' },
  { brief: 'Kiswahili tagline for a boat trip company on Lake Victoria, Homa Bay', category: 'taglines', tone: 'bold' },
  { brief: 'Swahili bio for a mum who posts cooking videos on TikTok from Mombasa', category: 'bios', tone: 'funny' },
  { brief: 'Safari company in Narok, Maasai Mara game drives, Kiswahili slogan please', category: 'slogans', tone: 'bold' },
  { brief: 'Kiswahili caption for our coding class for teens in Kisumu, every Saturday', category: 'captions', tone: 'inspirational' },
  { brief: "Swahili ad for a beadwork women's group in Kajiado, we sell at Maasai Market", category: 'adlines', tone: 'inspirational' },
  // Round 3: read once to check the round 2 fixes held on briefs they were not written for (then tuned on).
  { brief: 'Mimi ni DJ wa harusi Eldoret, nataka bio', category: 'bios', tone: 'bold' },
  { brief: 'Juice yetu ya miwa haina sukari ya kuongeza, Kakamega', category: 'adlines', tone: 'funny' },
  { brief: 'Kiswahili caption for our kayak tour in Watamu, KSh 2,500', category: 'captions', tone: 'inspirational' },
  { brief: 'Niaje, tuko na kinyozi Pipeline, fade ni mia tatu', category: 'captions', tone: 'funny' },
  { brief: 'Swahili slogan for a pottery women’s group in Kisumu', category: 'slogans', tone: 'inspirational' },
  { brief: 'Mashindano ya netball ya shule Kisii Jumamosi hii', category: 'adlines', tone: 'bold' },
  { brief: 'Swahili bio for a retired headteacher who now keeps bees in Nyeri', category: 'bios', tone: 'inspirational' },
  { brief: 'Tagline ya kiswahili ya salon yangu ya kucha Kilimani', category: 'taglines', tone: 'romantic' },
];
