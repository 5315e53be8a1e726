import { notifyManager } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UsageSummary } from '@gl/core/types';
import GeneratePage from './GeneratePage';
import { TEST_USER, fail, mockApi, ok, renderAt, resetBrowserState, signIn, type MockHandler } from '../../test/app-harness';
import { fakeSocket } from '../../test/fake-socket';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));
// A generation streams into the query cache, which tells the page at once here (not on the next tick), so each
// live() shows what its event changed.
notifyManager.setScheduler((cb) => cb());

beforeEach(() => resetBrowserState());

const GEN_ID = '22222222-2222-4222-8222-222222222222';
const usage = (used: number, limit = 10): UsageSummary => ({
  planId: 'free',
  dailyGenerations: used,
  monthlyGenerations: used,
  limit,
  remaining: limit === -1 ? -1 : limit - used,
  resetsAt: '2026-01-02T00:00:00.000Z',
});
const HEALTH_AI = ok({ status: 'ok', providers: { openai: true, huggingface: false, offline: true } });
const HEALTH_OFFLINE = ok({ status: 'ok', providers: { openai: false, huggingface: false, offline: true } });

function server(extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/health': () => HEALTH_AI,
    'GET /api/users/usage': () => ok(usage(3)),
    'GET /api/auth/me': () => ok({ user: TEST_USER }),
    'POST /api/lines/generate': () => ok({ generation: { id: GEN_ID, status: 'pending' }, usage: usage(4) }, 202),
    ...extra,
  });
}

const live = (event: string, payload: unknown) => act(() => fakeSocket.emitFromServer(event, payload));
const generateButton = () => screen.getByRole('button', { name: 'Generate Lines' });

describe('/generate', () => {
  it('starts on taglines + corporate, checks health and usage in parallel, and shows the AI status', async () => {
    const pending: string[] = [];
    const gates: Array<() => void> = [];
    const gated =
      (reply: ReturnType<typeof ok>): MockHandler =>
      (req) => {
        pending.push(req.path);
        return new Promise((resolve) => gates.push(() => resolve(reply)));
      };
    server({ 'GET /api/health': gated(HEALTH_AI), 'GET /api/users/usage': gated(ok(usage(3))) });
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    expect(screen.getByTestId('backend-status')).toHaveTextContent('Checking backend...');
    expect(screen.getByText('Loading usage...')).toBeInTheDocument();
    // Both requests are in flight before either answers: no waterfall.
    await waitFor(() => expect(pending.sort()).toEqual(['/api/health', '/api/users/usage']));
    gates.forEach((open) => open());
    expect(await screen.findByText('AI-powered generation')).toBeInTheDocument();
    expect(await screen.findByTestId('usage-remaining')).toHaveTextContent('7 of 10 generations left today');
    expect(screen.getByRole('radio', { name: /Business Taglines/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Corporate' })).toBeChecked();
  });

  it("says 'Offline mode (fallback)' without an AI provider, and 'Backend health check failed' when the check fails", async () => {
    server({ 'GET /api/health': () => HEALTH_OFFLINE });
    const first = renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    expect(await screen.findByText('Offline mode (fallback)')).toBeInTheDocument();
    first.unmount();
    server({ 'GET /api/health': () => fail(503, 'Backend health check failed: redis unavailable', 'UNAVAILABLE') });
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    expect(await screen.findByText(/Backend health check failed/)).toBeInTheDocument();
    expect(screen.getByText('Offline mode (fallback)')).toBeInTheDocument();
  });

  it('free plan: locked categories, tones and custom instructions carry an upgrade hint; ?category= preselects', async () => {
    server();
    renderAt(<GeneratePage />, { route: '/generate?category=bios', path: '/generate' });
    expect(screen.getByRole('radio', { name: /Social Media Bios/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Inspirational Quotes/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Romantic' })).toBeDisabled();
    expect(screen.getByLabelText(/Custom instructions/)).toBeDisabled();
    expect(screen.getAllByRole('link', { name: /Upgrade/ }).every((l) => l.getAttribute('href') === '/pricing')).toBe(true);
  });

  it('a category the plan does not allow is not preselected: a notice explains it', async () => {
    server();
    renderAt(<GeneratePage />, { route: '/generate?category=quotes', path: '/generate' });
    expect(screen.getByRole('radio', { name: /Business Taglines/ })).toBeChecked();
    expect(screen.getByText(/Inspirational Quotes are part of the paid plans/)).toBeInTheDocument();
  });

  it('pro plan: every choice is open, custom instructions too', async () => {
    signIn({ ...TEST_USER, planId: 'pro' });
    server({ 'GET /api/auth/me': () => ok({ user: { ...TEST_USER, planId: 'pro' } }), 'GET /api/users/usage': () => ok(usage(5, -1)) });
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    expect(screen.getByRole('radio', { name: /Inspirational Quotes/ })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Romantic' })).toBeEnabled();
    expect(screen.getByLabelText(/Custom instructions/)).toBeEnabled();
    expect(await screen.findByTestId('usage-unlimited')).toBeInTheDocument();
  });

  it('lines stream in one by one over the socket, then the source notice; usage updates', async () => {
    const { calls } = server();
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await screen.findByTestId('usage-remaining');
    await userEvent.type(screen.getByLabelText(/Topic/), 'Nakuru coffee');
    await userEvent.click(generateButton());
    await waitFor(() => expect(calls.some((c) => c.path === '/api/lines/generate')).toBe(true));
    expect(calls.find((c) => c.path === '/api/lines/generate')!.body).toEqual({
      category: 'taglines',
      tone: 'corporate',
      count: 4,
      language: 'en',
      topic: 'Nakuru coffee',
    });
    await waitFor(() => expect(screen.getByTestId('usage-remaining')).toHaveTextContent('6 of 10'));
    expect(screen.getByRole('button', { name: 'Generating...' })).toBeDisabled();

    live('generation:started', { id: GEN_ID });
    live('generation:line', { id: GEN_ID, index: 0, text: 'Nakuru mornings, brewed right.' });
    expect(screen.getAllByTestId('generated-line')).toHaveLength(1);
    live('generation:line', { id: 'someone-elses', index: 1, text: 'Not ours' });
    live('generation:line', { id: GEN_ID, index: 1, text: 'Coffee with a view of the lake.' });
    expect(screen.getAllByTestId('generated-line')).toHaveLength(2);
    expect(screen.queryByText('Not ours')).not.toBeInTheDocument();
    // Lines that arrive together come as one event; each shows in its place.
    live('generation:lines', {
      id: GEN_ID,
      lines: [
        { index: 2, text: 'Roasted where the flamingos fly.' },
        { index: 3, text: 'Your cup, our craft.' },
      ],
    });
    expect(screen.getAllByTestId('generated-line').map((l) => l.textContent)).toEqual([
      expect.stringContaining('Nakuru mornings'),
      expect.stringContaining('view of the lake'),
      expect.stringContaining('flamingos'),
      expect.stringContaining('Your cup'),
    ]);
    live('generation:completed', {
      id: GEN_ID,
      lines: [
        'Nakuru mornings, brewed right.',
        'Coffee with a view of the lake.',
        'Roasted where the flamingos fly.',
        'Your cup, our craft.',
      ],
      source: 'openai',
      usage: usage(4),
    });
    expect(screen.getAllByTestId('generated-line')).toHaveLength(4);
    expect(screen.getByTestId('source-notice')).toHaveTextContent('Generated with OpenAI');
    expect(generateButton()).toBeEnabled();
  });

  it('the first line inside generation:started shows at once; the last ones come with the completion', async () => {
    server();
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await userEvent.type(screen.getByLabelText(/Topic/), 'Nakuru coffee');
    await userEvent.click(generateButton());
    await screen.findByRole('button', { name: 'Generating...' });
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    live('generation:started', { id: GEN_ID, lines: [{ index: 0, text: 'Nakuru mornings, brewed right.' }] });
    expect(screen.getAllByTestId('generated-line').map((l) => l.textContent)).toEqual([expect.stringContaining('Nakuru mornings')]);
    const lines = ['Nakuru mornings, brewed right.', 'Coffee with a view of the lake.', 'Your cup, our craft.'];
    live('generation:completed', {
      id: GEN_ID,
      lines,
      source: 'openai',
      usage: usage(4),
      newLines: [
        { index: 1, text: lines[1] },
        { index: 2, text: lines[2] },
      ],
    });
    expect(screen.getAllByTestId('generated-line').map((l) => l.textContent)).toEqual([
      expect.stringContaining('Nakuru mornings'),
      expect.stringContaining('view of the lake'),
      expect.stringContaining('Your cup'),
    ]);
    expect(generateButton()).toBeEnabled();
  });

  it.each([
    ['huggingface', 'Generated with Hugging Face'],
    ['fallback', 'Primary AI failed. Displaying fallback results.'],
    ['static_fallback', 'Primary AI failed. Displaying fallback results.'],
  ])('source %s gives the notice %s', async (source, notice) => {
    server();
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await userEvent.click(generateButton());
    await screen.findByRole('button', { name: 'Generating...' });
    await waitFor(() => expect(screen.getByLabelText('Line 1: waiting')).toBeInTheDocument());
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    live('generation:completed', { id: GEN_ID, lines: ['One line here'], source, usage: null });
    expect(await screen.findByTestId('source-notice')).toHaveTextContent(notice);
  });

  it('events that arrive before the POST answers are not lost', async () => {
    server({
      'POST /api/lines/generate': () => {
        // The worker was faster than the HTTP answer.
        fakeSocket.emitFromServer('generation:line', { id: GEN_ID, index: 0, text: 'Early bird line' });
        fakeSocket.emitFromServer('generation:completed', { id: GEN_ID, lines: ['Early bird line'], source: 'openai', usage: null });
        return ok({ generation: { id: GEN_ID, status: 'pending' }, usage: usage(4) }, 202);
      },
    });
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await userEvent.click(generateButton());
    expect(await screen.findByText('Early bird line')).toBeInTheDocument();
    expect(screen.getByTestId('source-notice')).toHaveTextContent('Generated with OpenAI');
  });

  it('the daily limit (429) shows the limit and the upgrade link', async () => {
    server({
      'POST /api/lines/generate': () =>
        fail(
          429,
          'Daily limit reached: 10 generations per day on the Free plan. Upgrade for unlimited generations.',
          'DAILY_LIMIT_REACHED',
        ),
    });
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await userEvent.click(generateButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Daily limit reached: 10 generations per day');
    expect(within(alert).getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute('href', '/pricing');
  });

  it('a network failure shows a clear message and a retry that sends the request again', async () => {
    let down = true;
    const { calls } = server({
      'POST /api/lines/generate': () =>
        down ? Promise.reject(new TypeError('Failed to fetch')) : ok({ generation: { id: GEN_ID, status: 'pending' } }, 202),
    });
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await userEvent.click(generateButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server. Check your connection and try again.');
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/lines/generate')).toHaveLength(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('generation:failed shows the error', async () => {
    server();
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await userEvent.click(generateButton());
    await screen.findByLabelText('Line 1: waiting');
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    live('generation:failed', { id: GEN_ID, error: 'Generation failed. Please try again.' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Generation failed. Please try again.');
  });

  it('after a reconnect, a pending generation is read again so no result is missed', async () => {
    const { calls } = server({
      [`GET /api/lines/generations/${GEN_ID}`]: () =>
        ok({ generation: { id: GEN_ID, status: 'completed', lines: ['Recovered line'], source: 'huggingface', error: null } }),
    });
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await userEvent.click(generateButton());
    await screen.findByLabelText('Line 1: waiting');
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    live('connect', undefined);
    expect(await screen.findByText('Recovered line')).toBeInTheDocument();
    expect(screen.getByTestId('source-notice')).toHaveTextContent('Generated with Hugging Face');
    expect(calls.some((c) => c.path === `/api/lines/generations/${GEN_ID}`)).toBe(true);
  });

  async function completedGeneration() {
    await userEvent.click(generateButton());
    await screen.findByLabelText('Line 1: waiting');
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    live('generation:completed', { id: GEN_ID, lines: ['First line', 'Second line'], source: 'openai', usage: null });
    await screen.findByText('Second line');
  }

  it('regenerate one line: POST {index}, that line is replaced live', async () => {
    const { calls } = server({
      [`POST /api/lines/generations/${GEN_ID}/regenerate`]: () => ok({ generation: { id: GEN_ID, status: 'pending' } }, 202),
    });
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await completedGeneration();
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate line 2' }));
    expect(calls.find((c) => c.path.endsWith('/regenerate'))!.body).toEqual({ index: 1 });
    expect(screen.getByLabelText('Line 2: regenerating')).toBeInTheDocument();
    live('generation:line', { id: GEN_ID, index: 1, text: 'A brand new second line' });
    expect(screen.getByText('A brand new second line')).toBeInTheDocument();
    expect(screen.getByText('First line')).toBeInTheDocument();
  });

  it('visitors are invited to sign in to save; signed-in users save the line with its category and tone', async () => {
    const { calls } = server({
      'POST /api/lines/save': () => ok({ savedLine: { id: 's1', text: 'First line' }, alreadySaved: false }, 201),
    });
    const visitor = renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await completedGeneration();
    await userEvent.click(screen.getByRole('button', { name: 'Save line 1' }));
    expect(screen.getByText(/Must be authenticated to save lines/)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/lines/save')).toBe(false);
    visitor.unmount();

    signIn();
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await completedGeneration();
    await userEvent.click(screen.getByRole('button', { name: 'Save line 1' }));
    expect(await screen.findByRole('button', { name: 'Save line 1' })).toHaveTextContent('Saved');
    expect(calls.find((c) => c.path === '/api/lines/save')!.body).toEqual({
      text: 'First line',
      category: 'taglines',
      tone: 'corporate',
      generationId: GEN_ID,
    });
  });

  it('copy shows Copied!', async () => {
    server();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await completedGeneration();
    await userEvent.click(screen.getByRole('button', { name: 'Copy line 2' }));
    expect(writeText).toHaveBeenCalledWith('Second line');
    expect(screen.getByRole('button', { name: 'Copy line 2' })).toHaveTextContent('Copied!');
    expect(screen.getByRole('button', { name: 'Copy line 1' })).toHaveTextContent('Copy');
  });
});
