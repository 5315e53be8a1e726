import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COURSES, courseText, filterCourses } from './courses';
import { switchLanguage } from '../../../platform/i18n/i18n';
import { mockApi, ok, renderAt, resetBrowserState, signIn, TEST_USER } from '../../../test/app-harness';
import CoursesPage from './CoursesPage';

const count = () => screen.getByText(/of 6 courses$/).textContent;
const search = (q: string) => fireEvent.change(screen.getByLabelText('Search courses'), { target: { value: q } });
const category = (c: string) => fireEvent.change(screen.getByLabelText('Category'), { target: { value: c } });
const level = (l: string) => fireEvent.change(screen.getByLabelText('Level'), { target: { value: l } });

beforeEach(() => resetBrowserState());
afterEach(() => vi.useRealTimers());

describe('courses catalogue', () => {
  it('has six courses with the spec prices, levels and categories', () => {
    expect(COURSES.map((c) => c.price)).toEqual([199, 149, 299, 179, 399, 99]);
    for (const c of COURSES) {
      expect(['Beginner', 'Intermediate', 'Advanced']).toContain(c.level);
      expect(['Programming', 'Design', 'Marketing', 'Business']).toContain(c.category);
      expect(courseText(c).features.length).toBeGreaterThan(0);
    }
  });

  it('filters by search (title, description, instructor; any case) and by category and level together', () => {
    const all = { search: '', category: 'all', level: 'all' } as const;
    expect(filterCourses(COURSES, all)).toHaveLength(6);
    expect(filterCourses(COURSES, { ...all, search: 'REACT' }).map((c) => c.id)).toEqual(['fullstack-react-node']);
    expect(filterCourses(COURSES, { ...all, search: 'm-pesa' }).map((c) => c.id)).toEqual(['saas-business-launch']);
    expect(filterCourses(COURSES, { ...all, category: 'Marketing' })).toHaveLength(2);
    expect(filterCourses(COURSES, { ...all, category: 'Marketing', level: 'Beginner' }).map((c) => c.id)).toEqual([
      'content-marketing-devs',
    ]);
    expect(filterCourses(COURSES, { ...all, category: 'Design', level: 'Advanced' })).toEqual([]);
  });
});

describe('courses page', () => {
  it("shows 'N of M courses' as the search box and both filters narrow the list", () => {
    renderAt(<CoursesPage />);
    expect(count()).toBe('6 of 6 courses');
    expect(screen.getAllByRole('article')).toHaveLength(6);
    category('Programming');
    expect(count()).toBe('2 of 6 courses');
    level('Advanced');
    expect(count()).toBe('1 of 6 courses');
    expect(screen.getByRole('heading', { name: 'Building AI Apps in Production' })).toBeInTheDocument();
    category('all');
    level('all');
    search('developers');
    expect(count()).toBe('2 of 6 courses');
  });

  it('shows an empty state whose Clear Filters resets everything', () => {
    renderAt(<CoursesPage />);
    search('cobol mainframes');
    category('Business');
    expect(count()).toBe('0 of 6 courses');
    expect(screen.getByText('No courses match your search')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(count()).toBe('6 of 6 courses');
    expect(screen.getByLabelText('Search courses')).toHaveValue('');
    expect(screen.getByLabelText('Category')).toHaveValue('all');
  });

  it('sends a visitor who clicks Enroll to /auth', () => {
    renderAt(<CoursesPage />, { route: '/courses' });
    fireEvent.click(screen.getAllByRole('button', { name: /^Enroll Now/ })[0]!);
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });

  it('enrolls a signed-in user after 2 s (simulated, nothing sent)', async () => {
    signIn();
    const { calls } = mockApi({ 'GET /api/auth/me': () => ok({ user: TEST_USER }) });
    vi.useFakeTimers();
    renderAt(<CoursesPage />, { route: '/courses' });
    const button = screen.getByRole('button', { name: /^Enroll Now.*Launch Your SaaS Business/ });
    fireEvent.click(button);
    expect(button).toHaveTextContent('Enrolling...');
    expect(button).toBeDisabled();
    act(() => vi.advanceTimersByTime(1999));
    expect(button).toHaveTextContent('Enrolling...');
    act(() => vi.advanceTimersByTime(1));
    expect(button).toHaveTextContent('Enrolled');
    act(() => vi.advanceTimersByTime(10_000));
    expect(button).toHaveTextContent('Enrolled');
    expect(screen.getByTestId('location')).toHaveTextContent('/courses');
    expect(calls.filter((c) => c.path !== '/api/auth/me')).toEqual([]);
  });
});

describe('courses page in Kiswahili', () => {
  afterEach(() => switchLanguage('en'));

  it('speaks Kiswahili: header, count, filters, card words, plurals and prices', async () => {
    await switchLanguage('sw');
    renderAt(<CoursesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Kozi za Kitaalamu' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Kozi 6 kati ya 6');
    expect(screen.getByRole('heading', { name: 'Zindua Biashara Yako ya SaaS' })).toBeInTheDocument();
    expect(screen.getByText('Wanafunzi 2,840')).toBeInTheDocument();
    expect(screen.getByText('Wiki 12')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Jiandikishe sasa/ })).toHaveLength(6);
    fireEvent.change(screen.getByLabelText('Aina'), { target: { value: 'Marketing' } });
    expect(screen.getByRole('status')).toHaveTextContent('Kozi 2 kati ya 6');
    // search looks in the Kiswahili words
    fireEvent.change(screen.getByLabelText('Aina'), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText('Tafuta kozi'), { target: { value: 'kaulimbiu' } });
    expect(screen.getByRole('status')).toHaveTextContent('Kozi 1 kati ya 6');
    fireEvent.change(screen.getByLabelText('Tafuta kozi'), { target: { value: 'cobol' } });
    expect(screen.getByText('Hakuna kozi inayolingana na utafutaji wako')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Ondoa vichujio' }));
    expect(screen.getByRole('status')).toHaveTextContent('Kozi 6 kati ya 6');
  });
});
