import type { CategoryId, Tone } from '@gl/core';

/**
 * Briefs invented for tuning the English side of the built-in writer (issue 33): never rated, never
 * from a rated round. Businesses, people, events, causes and services sold to businesses, Kenyan and
 * elsewhere, sloppy and tidy, with and without facts. Tests take their failure-mode briefs from here.
 */
export interface DevBrief {
  topic: string;
  category: CategoryId;
  tone: Tone;
}

export const DEV_BRIEFS: DevBrief[] = [
  {
    topic: 'Mama Njeri Kitchen in Kahawa West, githeri and chapati lunch KSh 150, open Monday to Saturday',
    category: 'adlines',
    tone: 'bold',
  },
  {
    topic: 'need a caption for our car wash in Thika lol, we do engine wash too and you wait with free wifi',
    category: 'captions',
    tone: 'funny',
  },
  { topic: 'bio for my IG, i am a makeup artist in Nakuru doing bridal and photoshoot makeup', category: 'bios', tone: 'minimalist' },
  { topic: 'quote for our banner: Kisumu Lakeside Marathon 12 October, run for clean water', category: 'quotes', tone: 'inspirational' },
  {
    topic: 'we keep books for small businesses in Westlands, monthly bookkeeping from KSh 5,000, KRA returns filed on time',
    category: 'adlines',
    tone: 'corporate',
  },
  { topic: 'phone screen repairs while you wait, Luthuli Avenue, 3 month guarantee', category: 'adlines', tone: 'motivational' },
  { topic: 'Sunrise Dental Clinic Eldoret, teeth cleaning and braces, open Saturdays', category: 'taglines', tone: 'corporate' },
  {
    topic: 'LinkedIn headline for me: cybersecurity consultant, 15 years experience, helping banks in East Africa',
    category: 'bios',
    tone: 'corporate',
  },
  { topic: 'Green Acres Farm Co-op, Kiambu, fresh milk delivered to your door every morning', category: 'slogans', tone: 'bold' },
  { topic: 'Boda boda helmet safety campaign in Kakamega, helmets free this Saturday', category: 'slogans', tone: 'inspirational' },
  { topic: 'need words for our T-shirts for the Kibera youth football tournament', category: 'slogans', tone: 'funny' },
  { topic: 'Brooklyn sourdough bakery, croissants $4, baked at 5am every day', category: 'captions', tone: 'minimalist' },
  { topic: 'Mobile mechanic, I come to your driveway, no call-out fee, Nairobi', category: 'adlines', tone: 'romantic' },
  { topic: 'yoga classes for adult beginners in Singapore, first class free, S$25 after', category: 'adlines', tone: 'inspirational' },
  { topic: 'Harambee for Wanjiru school fees, target KSh 80,000, pay via M-Pesa', category: 'captions', tone: 'inspirational' },
  { topic: 'Wedding DJ in Mombasa, 10 years, Swahili and Bongo hits', category: 'bios', tone: 'funny' },
  { topic: 'Cloud payroll software for SMEs in Lagos, free 30-day trial', category: 'taglines', tone: 'corporate' },
  { topic: 'our church youth camp in Naivasha 15 to 18 December, KSh 3,500 per person', category: 'captions', tone: 'bold' },
  { topic: 'Kinyozi Kings barbershop Rongai, fades KSh 200, open till 9pm', category: 'captions', tone: 'funny' },
  { topic: 'physiotherapy clinic in Kilimani for back pain and sports injuries', category: 'taglines', tone: 'minimalist' },
  { topic: 'Handmade goat milk soap sold on Etsy, lavender and oatmeal, $8 a bar', category: 'adlines', tone: 'funny' },
  {
    topic: 'Tree planting day at Karura Forest, we have planted 12,000 trees so far, join us Saturday 9am',
    category: 'captions',
    tone: 'inspirational',
  },
  { topic: 'Used tyres ex-Japan in Industrial Area, fitting and balancing while you wait', category: 'adlines', tone: 'bold' },
  { topic: '24/7 plumber in Kileleshwa, burst pipes and blocked drains, no call-out fee', category: 'adlines', tone: 'minimalist' },
  { topic: 'Maths tutor for KCSE candidates, Form 3 and 4, home tuition in Karen', category: 'bios', tone: 'motivational' },
  { topic: 'Sunset Safaris, Maasai Mara 3-day tours from $450 per person', category: 'taglines', tone: 'inspirational' },
  { topic: 'COFFEE SHOP IN NYERI, BEST CAPPUCCINO IN TOWN', category: 'slogans', tone: 'funny' },
  { topic: 'Cleaning company for offices in Upper Hill, weekly contracts, vetted staff', category: 'adlines', tone: 'corporate' },
  { topic: 'Chama investment group Mavuno Women, meeting every last Sunday, new members welcome', category: 'captions', tone: 'bold' },
  { topic: 'pet grooming van in Austin, we come to you, nail trims $15', category: 'slogans', tone: 'funny' },
  { topic: 'Kilifi beach cottage on Airbnb, sleeps 6, pool, 5 minutes from the beach', category: 'adlines', tone: 'minimalist' },
  { topic: 'Rescue dog shelter in Limuru needs volunteers for weekend walks', category: 'captions', tone: 'inspirational' },
  { topic: 'photographer, weddings and graduations, Eldoret, book early for December', category: 'bios', tone: 'romantic' },
  { topic: 'Jollof Junction food truck in Accra, spicy jollof rice and grilled chicken', category: 'captions', tone: 'funny' },
  { topic: 'Solar panel installation for homes in Machakos, pay in installments, 5 year warranty', category: 'adlines', tone: 'corporate' },
  {
    topic: 'Book club meets first Thursday of the month at Java Junction, this month Things Fall Apart',
    category: 'captions',
    tone: 'bold',
  },
  { topic: 'tailor in Kisumu, school uniforms and alterations done in one day', category: 'taglines', tone: 'minimalist' },
  { topic: 'Speaker and leadership coach, I help women founders pitch to investors', category: 'quotes', tone: 'inspirational' },
  { topic: 'Water delivery Nairobi, 20 litre refill KSh 100, free delivery in Embakasi', category: 'adlines', tone: 'funny' },
  { topic: 'Charity fun run for cancer awareness, Nairobi Arboretum, 5km, register KSh 1,000', category: 'slogans', tone: 'bold' },
  { topic: 'Software development agency in Berlin building apps for startups', category: 'bios', tone: 'corporate' },
  { topic: 'event planner for weddings and corporate parties in Nairobi', category: 'adlines', tone: 'minimalist' },
  { topic: 'mama mboga in Githurai selling sukuma, tomatoes and onions, we deliver to your gate lol', category: 'captions', tone: 'funny' },
  { topic: 'Slogan for our sacco: Umoja Boda Sacco, loans for riders in 24 hours', category: 'slogans', tone: 'bold' },
  { topic: 'Dr. Achieng, paediatrician at Aga Khan Kisumu, 12 years caring for children', category: 'bios', tone: 'corporate' },
  { topic: 'Open mic night every Friday at The Alchemist, free entry, 8pm', category: 'captions', tone: 'bold' },
  { topic: 'IT support for law firms in Johannesburg, fixed monthly fee, response in 2 hours', category: 'adlines', tone: 'corporate' },
  { topic: 'Grace Bakes cakes Ruiru birthday cakes from KSh 1,500 order 2 days before', category: 'adlines', tone: 'romantic' },
  {
    topic: 'caption for my gym: Iron Temple Kasarani, monthly membership KSh 2,500, open 5am to 10pm',
    category: 'captions',
    tone: 'motivational',
  },
  { topic: 'Wanjiku Njoroge, freelance graphic designer, logos and brand kits for small businesses', category: 'bios', tone: 'minimalist' },
  {
    topic: 'Clean-up of Nairobi River this Saturday, gloves and bags provided, meet at Globe roundabout 8am',
    category: 'adlines',
    tone: 'inspirational',
  },
  { topic: 'Driving school in Thika, Class B licence, KSh 18,000 full course, NTSA approved', category: 'taglines', tone: 'bold' },
  // Issue 33, the writing side: 32 more invented briefs (speakers, hooks, tones and platforms that tempt another trade's copy).
  { topic: 'bio for my instagram, i knit baby blankets to order, Nyeri, 3 weeks per blanket', category: 'bios', tone: 'romantic' },
  {
    topic: 'Pottery taster evening at Clayworks Studio, Thursdays 6pm, GBP 35 including clay and firing',
    category: 'captions',
    tone: 'funny',
  },
  { topic: 'Kerb & Co window tinting for matatus and private cars, Kirinyaga Road, done in 2 hours', category: 'adlines', tone: 'bold' },
  { topic: 'youtube title for my vlog: I tried living on KSh 500 a day in Nairobi for a week', category: 'captions', tone: 'funny' },
  {
    topic: 'SMS ad: Baraka Hardware Kitengela, cement KSh 780 a bag this week, delivery by pickup',
    category: 'adlines',
    tone: 'minimalist',
  },
  { topic: 'linkedin headline, data analyst at a bank, I build dashboards for credit teams, 6 years', category: 'bios', tone: 'corporate' },
  { topic: 'Valentine dinner for two at Ocean Basket Mombasa, 14 February, KSh 6,000 per couple', category: 'captions', tone: 'romantic' },
  {
    topic: 'Grease trap cleaning for hotels and restaurants in Nakuru, monthly contracts, NEMA compliant',
    category: 'taglines',
    tone: 'corporate',
  },
  {
    topic: 'blood donation drive at Moi University, Friday 9am to 4pm, every pint saves three lives',
    category: 'slogans',
    tone: 'inspirational',
  },
  { topic: 'retired teacher, now I grow tree tomatoes in Kinangop and share what I learn', category: 'bios', tone: 'funny' },
  { topic: 'Glow Nails by Shiro, gel manicure KSh 1,200, home visits in South B', category: 'captions', tone: 'romantic' },
  {
    topic: 'Jazz brunch at The Loft Westlands, last Sunday of the month, live saxophone, booking only',
    category: 'adlines',
    tone: 'minimalist',
  },
  { topic: 'Second-hand textbooks for Form 1 to 4, Kisii town, half the bookshop price', category: 'slogans', tone: 'funny' },
  {
    topic: 'Sign language classes for parents of deaf children, free, online every Tuesday evening',
    category: 'captions',
    tone: 'inspirational',
  },
  { topic: 'Marathon pacer and running coach, I help first-timers finish their first 42km', category: 'bios', tone: 'motivational' },
  { topic: 'Kids coding club in Kileleshwa, Scratch and Python, ages 8 to 14, Saturday mornings', category: 'taglines', tone: 'funny' },
  { topic: 'Reusable sanitary pads drive for girls in Turkana, KSh 300 buys a girl a year of pads', category: 'adlines', tone: 'bold' },
  { topic: 'Honey from our hives in Baringo, raw and unfiltered, 500g jar KSh 650', category: 'taglines', tone: 'romantic' },
  { topic: 'Mpesa agent and photocopy shop next to Kangemi market, open 7am to 9pm', category: 'slogans', tone: 'minimalist' },
  { topic: 'Dog-friendly cafe in Portland, puppuccinos free, breakfast till 2pm', category: 'captions', tone: 'funny' },
  {
    topic: 'Wedding cake designer in Lagos, tasting appointments on Saturdays, three-tier cakes from NGN 250,000',
    category: 'adlines',
    tone: 'romantic',
  },
  { topic: 'Car hire in Kisumu, Toyota Probox KSh 3,500 a day, self drive or with driver', category: 'adlines', tone: 'funny' },
  { topic: 'Caption for our school sports day, Greenfield Academy, 7 March, parents welcome', category: 'captions', tone: 'bold' },
  {
    topic: 'Fire extinguisher servicing for offices and factories in Mombasa, certificates issued same day',
    category: 'adlines',
    tone: 'corporate',
  },
  {
    topic: 'Poetry night at Kwani Cafe, open floor, 2nd Saturday of every month, KSh 300 at the door',
    category: 'slogans',
    tone: 'romantic',
  },
  {
    topic: 'I am a midwife in Machakos, 20 years delivering babies, now teaching antenatal classes',
    category: 'bios',
    tone: 'inspirational',
  },
  {
    topic: 'Anniversary gift boxes, chocolates, flowers and a handwritten card, delivered in Nairobi same day',
    category: 'taglines',
    tone: 'romantic',
  },
  { topic: 'Mechanic garage in Embu, we service Subarus, diagnostics KSh 2,000', category: 'quotes', tone: 'funny' },
  { topic: 'Keep Lamu Clean beach clean-up, 3 to 5 April, volunteers get lunch and a T-shirt', category: 'captions', tone: 'motivational' },
  { topic: 'tutoring for adults learning to read, evenings in Mathare, completely free', category: 'slogans', tone: 'inspirational' },
  { topic: 'accountant for freelancers in Toronto, taxes filed before April 30, flat fee CAD 250', category: 'taglines', tone: 'funny' },
  { topic: 'Tilapia fish farm tours in Sagana, see the ponds, buy fresh fish, KSh 200 entry', category: 'adlines', tone: 'funny' },
  // Round 6 (slot edges, tacked-on calls to action): invented, never rated.
  { topic: 'a pale ale called Tidewater, brewed in Kilifi, sold at beach bars', category: 'taglines', tone: 'bold' },
  { topic: 'we supply office chairs to startups in Kilimani, delivered and assembled', category: 'slogans', tone: 'corporate' },
  { topic: 'kayak hire on Lake Naivasha, KSh 1,200 per person per hour, life jackets included', category: 'adlines', tone: 'bold' },
  {
    topic: 'window cleaning for office buildings in Upper Hill, abseil crews, work done on weekends',
    category: 'taglines',
    tone: 'corporate',
  },
  { topic: 'borehole water refills in Kitengela, KSh 50 a jerrican, clean and tested', category: 'slogans', tone: 'minimalist' },
  { topic: 'Jazz supper at The Ivory Room Friday 8pm, KSh 2,000 table fee, live trio', category: 'captions', tone: 'romantic' },
  { topic: 'second hand school uniforms, we wash and iron them, pick up in Embakasi', category: 'taglines', tone: 'inspirational' },
  { topic: 'Launching Amani, our new lavender body butter, made in Nanyuki', category: 'captions', tone: 'bold' },
  { topic: 'headline for my linkedin: data analyst at a bank, I build dashboards, open to mentoring', category: 'bios', tone: 'corporate' },
  {
    topic: 'Clean rivers campaign, Nairobi River clean-up every first Saturday, gloves provided',
    category: 'slogans',
    tone: 'inspirational',
  },
  { topic: 'tailoring shop in Eastleigh, suits altered in two days but it doesnt cost much', category: 'taglines', tone: 'funny' },
  { topic: 'garden design stuff for small balconies, pots and herbs, Lavington', category: 'captions', tone: 'minimalist' },
  { topic: "mobile vet for goats and dairy cows in Murang'a, farm visits, deworming", category: 'taglines', tone: 'corporate' },
  { topic: 'board game café in Valley Arcade, 200 games, KSh 300 per person all day', category: 'captions', tone: 'funny' },
  {
    topic: 'quote for a poster: adult literacy classes at Kibera library, it is never too late to read',
    category: 'quotes',
    tone: 'inspirational',
  },
  { topic: 'tree planting day at Ngong Forest, 1000 seedlings, bring water and a hat', category: 'quotes', tone: 'inspirational' },
  { topic: 'solar lanterns for students, KSh 800 each, free delivery for orders of 10 or more', category: 'adlines', tone: 'motivational' },
  { topic: 'I am a primary school teacher and on weekends I bake birthday cakes, Thika', category: 'bios', tone: 'funny' },
  { topic: 'wedding photographer from Kisumu, storytelling photos, travels anywhere in Kenya', category: 'bios', tone: 'romantic' },
  { topic: 'Duct cleaning for restaurant kitchens in Mombasa, overnight so you stay open', category: 'adlines', tone: 'corporate' },
  { topic: 'Fixed price car service KSh 4,500, oil and filters, Industrial Area garage', category: 'taglines', tone: 'bold' },
  { topic: 'Sunset dhow cruise from Lamu, 3 hours, dinner on board, Saturdays only', category: 'captions', tone: 'romantic' },
  { topic: 'My nails page lol, gel and acrylics from home in Ruiru', category: 'captions', tone: 'funny' },
  { topic: 'Mentorship evening for young women in tech, Nairobi Garage, 14 March, free entry', category: 'quotes', tone: 'motivational' },
  { topic: 'retired carpenter making rocking chairs in Nyeri, each one takes a month', category: 'bios', tone: 'minimalist' },
  { topic: 'free eye checks this Saturday at Kangemi market, glasses from KSh 900', category: 'slogans', tone: 'minimalist' },
];

/**
 * Twenty more briefs (issue 33, the extractive layer): owners who describe themselves with vivid
 * clauses, promises and facts, the raw material the writer reuses. Invented for tuning, never rated.
 */
export const CLAUSE_DEV_BRIEFS: DevBrief[] = [
  {
    topic: 'Mobile bike repair in Leeds. We come to your office car park, fix it while you work, no fix no fee',
    category: 'adlines',
    tone: 'bold',
  },
  { topic: 'Salt & Ember beach bar in Diani, tables on the sand at sunset, cocktails KSh 600', category: 'captions', tone: 'romantic' },
  { topic: 'dog walker in Lavington lol, one dog at a time, walks KSh 500, photos after every walk', category: 'slogans', tone: 'funny' },
  { topic: 'Mama Akinyi fish in Dunga beach Kisumu, tilapia fried fresh from the lake, open daily', category: 'adlines', tone: 'funny' },
  {
    topic: 'We bake sourdough in a wood-fired oven in Lewes, bread out by 7am, order by WhatsApp',
    category: 'taglines',
    tone: 'minimalist',
  },
  { topic: 'bio for me: I braid hair in Umoja, knotless braids in 4 hours, I come to your house', category: 'bios', tone: 'bold' },
  {
    topic: 'Laundry pickup in Kilimani, we collect at 8am and return it folded by 6pm, KSh 100 per kg',
    category: 'adlines',
    tone: 'corporate',
  },
  {
    topic: 'Ferry cafe on Likoni crossing, hot mandazi and chai served before the first ferry',
    category: 'captions',
    tone: 'inspirational',
  },
  { topic: 'honestly just need a slogan for my window cleaning, we clean to the last streak, Bristol', category: 'slogans', tone: 'bold' },
  {
    topic: 'Accounting firm in Upper Hill, we file your KRA returns on time, no penalties, fixed monthly fee',
    category: 'taglines',
    tone: 'corporate',
  },
  { topic: 'Nyama choma joint in Kitengela, goat roasted slow over charcoal, Sundays live band', category: 'adlines', tone: 'funny' },
  { topic: 'IT support for schools in Eldoret, we fix laptops same day, 2 year contracts', category: 'bios', tone: 'corporate' },
  {
    topic: 'Fresh flower stall at Westlands market, roses cut this morning, bouquets from KSh 800',
    category: 'captions',
    tone: 'romantic',
  },
  {
    topic: 'Swim school for kids in Mombasa, small classes of 4, every child swims by the end of term',
    category: 'adlines',
    tone: 'inspirational',
  },
  { topic: 'Fundi Joe plumbing, I fix leaks the same day, Ruaka and Ruiru, call anytime', category: 'bios', tone: 'minimalist' },
  {
    topic: 'Vintage vinyl shop in Glasgow, records cleaned and graded by hand, open Thursday to Sunday',
    category: 'taglines',
    tone: 'romantic',
  },
  { topic: 'Boda parcel delivery in Nakuru town, we deliver within 30 minutes or it is free', category: 'slogans', tone: 'motivational' },
  {
    topic: 'home cooked lunch boxes for offices in Westlands, made every morning, KSh 350, order by 10am',
    category: 'adlines',
    tone: 'minimalist',
  },
  { topic: 'Hilltop campsite in Nanyuki, wake up to Mount Kenya, tents and firewood provided', category: 'captions', tone: 'bold' },
  { topic: 'Sunday car boot sale at Ngong Racecourse, bring your stuff, sell it, KSh 500 a slot', category: 'captions', tone: 'funny' },
];
