import type { TFunction } from 'i18next';
import type { MarketingIconName } from '../MarketingIcon';
import { i18n } from '../../../platform/i18n/i18n';

/**
 * The premium courses catalogue with their prices. Enrolment is simulated. The words (title,
 * description, features, instructor, level, category) are in the `courses` catalogue, keyed by id.
 */
export const COURSE_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];
export const COURSE_CATEGORIES = ['Programming', 'Design', 'Marketing', 'Business'] as const;
export type CourseCategory = (typeof COURSE_CATEGORIES)[number];
export type CourseId =
  | 'fullstack-react-node'
  | 'ui-design-developers'
  | 'ai-apps-production'
  | 'content-marketing-devs'
  | 'saas-business-launch'
  | 'copywriting-taglines';

/** Enroll takes 2 s then shows Enrolled. */
export const ENROLL_MS = 2000;

export interface Course {
  id: CourseId;
  instructor: 'engineering' | 'studio' | 'founders';
  weeks: number;
  students: number;
  rating: number;
  /** USD, one-off. */
  price: number;
  level: CourseLevel;
  category: CourseCategory;
  /** Drawn in the page: a CSS gradient and an icon, no external image. */
  thumbnail: { icon: MarketingIconName; gradient: string };
}

export type CoursesT = TFunction<'courses'>;

/** A course's words in the translator's language (the current one unless `t` says otherwise). */
export function courseText(c: Course, t: CoursesT = i18n.getFixedT(null, 'courses')) {
  return {
    title: t(`course.${c.id}.title`),
    description: t(`course.${c.id}.description`),
    features: t(`course.${c.id}.features`, { returnObjects: true }) as readonly string[],
    instructor: t(`instructor.${c.instructor}`),
    level: t(`level.${c.level}`),
    category: t(`category.${c.category}`),
  };
}

export const COURSES: readonly Course[] = [
  {
    id: 'fullstack-react-node',
    instructor: 'engineering',
    weeks: 12,
    students: 2840,
    rating: 4.9,
    price: 199,
    level: 'Intermediate',
    category: 'Programming',
    thumbnail: { icon: 'code', gradient: 'from-sky-500 to-violet-600' },
  },
  {
    id: 'ui-design-developers',
    instructor: 'studio',
    weeks: 6,
    students: 1920,
    rating: 4.8,
    price: 149,
    level: 'Beginner',
    category: 'Design',
    thumbnail: { icon: 'layout', gradient: 'from-pink-500 to-rose-600' },
  },
  {
    id: 'ai-apps-production',
    instructor: 'engineering',
    weeks: 8,
    students: 1340,
    rating: 4.9,
    price: 299,
    level: 'Advanced',
    category: 'Programming',
    thumbnail: { icon: 'cpu', gradient: 'from-violet-500 to-fuchsia-600' },
  },
  {
    id: 'content-marketing-devs',
    instructor: 'studio',
    weeks: 5,
    students: 2210,
    rating: 4.7,
    price: 179,
    level: 'Beginner',
    category: 'Marketing',
    thumbnail: { icon: 'megaphone', gradient: 'from-amber-500 to-orange-600' },
  },
  {
    id: 'saas-business-launch',
    instructor: 'founders',
    weeks: 10,
    students: 980,
    rating: 4.8,
    price: 399,
    level: 'Advanced',
    category: 'Business',
    thumbnail: { icon: 'rocket', gradient: 'from-emerald-500 to-teal-600' },
  },
  {
    id: 'copywriting-taglines',
    instructor: 'studio',
    weeks: 3,
    students: 3150,
    rating: 4.6,
    price: 99,
    level: 'Intermediate',
    category: 'Marketing',
    thumbnail: { icon: 'pen', gradient: 'from-cyan-500 to-blue-600' },
  },
];

export interface CourseFilter {
  search: string;
  /** 'all' or a category */
  category: 'all' | CourseCategory;
  /** 'all' or a level */
  level: 'all' | CourseLevel;
}

/** The courses that match a search (title, description, instructor, in the shown language), a category and a level. */
export function filterCourses(courses: readonly Course[], filter: CourseFilter, t?: CoursesT): Course[] {
  const q = filter.search.trim().toLowerCase();
  return courses.filter(
    (c) =>
      (filter.category === 'all' || c.category === filter.category) &&
      (filter.level === 'all' || c.level === filter.level) &&
      (!q || matches(courseText(c, t), q)),
  );
}

function matches(text: ReturnType<typeof courseText>, q: string): boolean {
  return [text.title, text.description, text.instructor, text.category].some((s) => s.toLowerCase().includes(q));
}
