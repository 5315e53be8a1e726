import type { MarketingIconName } from '../components/marketing/MarketingIcon';

/** The premium courses catalogue with their prices. Enrolment is simulated. */
export const COURSE_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];
export const COURSE_CATEGORIES = ['Programming', 'Design', 'Marketing', 'Business'] as const;
export type CourseCategory = (typeof COURSE_CATEGORIES)[number];

/** Enroll takes 2 s then shows Enrolled. */
export const ENROLL_MS = 2000;

export interface Course {
  id: string;
  title: string;
  description: string;
  instructor: string;
  duration: string;
  students: number;
  rating: number;
  /** USD, one-off. */
  price: number;
  level: CourseLevel;
  category: CourseCategory;
  /** Drawn in the page: a CSS gradient and an icon, no external image. */
  thumbnail: { icon: MarketingIconName; gradient: string };
  features: readonly string[];
}

export const COURSES: readonly Course[] = [
  {
    id: 'fullstack-react-node',
    title: 'Full-Stack React & Node.js',
    description: 'Build and ship a production web app: React on the front, Express and PostgreSQL behind it, tests all the way.',
    instructor: 'Genius Lines Engineering',
    duration: '12 weeks',
    students: 2840,
    rating: 4.9,
    price: 199,
    level: 'Intermediate',
    category: 'Programming',
    thumbnail: { icon: 'code', gradient: 'from-sky-500 to-violet-600' },
    features: ['40+ hours of video', 'Real project code reviews', 'Certificate of completion'],
  },
  {
    id: 'ui-design-developers',
    title: 'UI Design for Developers',
    description: 'Spacing, type, colour and layout rules that make your side projects look like products.',
    instructor: 'Genius Lines Studio',
    duration: '6 weeks',
    students: 1920,
    rating: 4.8,
    price: 149,
    level: 'Beginner',
    category: 'Design',
    thumbnail: { icon: 'layout', gradient: 'from-pink-500 to-rose-600' },
    features: ['Figma starter kits', 'Before/after redesigns', 'Design system templates'],
  },
  {
    id: 'ai-apps-production',
    title: 'Building AI Apps in Production',
    description: 'Queues, streaming, fallbacks and cost control: put language models behind a real product.',
    instructor: 'Genius Lines Engineering',
    duration: '8 weeks',
    students: 1340,
    rating: 4.9,
    price: 299,
    level: 'Advanced',
    category: 'Programming',
    thumbnail: { icon: 'cpu', gradient: 'from-violet-500 to-fuchsia-600' },
    features: ['Provider fallback patterns', 'Streaming over WebSockets', 'Load-testing labs'],
  },
  {
    id: 'content-marketing-devs',
    title: 'Content Marketing for Developers',
    description: 'Grow an audience with videos, threads and write-ups without feeling like a salesperson.',
    instructor: 'Genius Lines Studio',
    duration: '5 weeks',
    students: 2210,
    rating: 4.7,
    price: 179,
    level: 'Beginner',
    category: 'Marketing',
    thumbnail: { icon: 'megaphone', gradient: 'from-amber-500 to-orange-600' },
    features: ['Video scripting templates', 'Headline and hook formulas', 'Monthly content calendar'],
  },
  {
    id: 'saas-business-launch',
    title: 'Launch Your SaaS Business',
    description: 'From idea to paying customers: pricing, payments (PayPal and M-Pesa), onboarding and support.',
    instructor: 'Genius Lines Founders',
    duration: '10 weeks',
    students: 980,
    rating: 4.8,
    price: 399,
    level: 'Advanced',
    category: 'Business',
    thumbnail: { icon: 'rocket', gradient: 'from-emerald-500 to-teal-600' },
    features: ['Pricing workshop', 'Payment integration walkthroughs', 'Launch checklist'],
  },
  {
    id: 'copywriting-taglines',
    title: 'Copywriting: Taglines That Stick',
    description: 'Write taglines, slogans and bios people remember, then use AI to explore a hundred variations.',
    instructor: 'Genius Lines Studio',
    duration: '3 weeks',
    students: 3150,
    rating: 4.6,
    price: 99,
    level: 'Intermediate',
    category: 'Marketing',
    thumbnail: { icon: 'pen', gradient: 'from-cyan-500 to-blue-600' },
    features: ['50 tagline teardowns', 'Tone-of-voice worksheets', 'Genius Lines Pro for a month'],
  },
];

export interface CourseFilter {
  search: string;
  /** 'all' or a category */
  category: 'all' | CourseCategory;
  /** 'all' or a level */
  level: 'all' | CourseLevel;
}

/** The courses that match a search (title, description, instructor), a category and a level. */
export function filterCourses(courses: readonly Course[], filter: CourseFilter): Course[] {
  const q = filter.search.trim().toLowerCase();
  return courses.filter(
    (c) =>
      (filter.category === 'all' || c.category === filter.category) &&
      (filter.level === 'all' || c.level === filter.level) &&
      (!q || [c.title, c.description, c.instructor, c.category].some((t) => t.toLowerCase().includes(q))),
  );
}
