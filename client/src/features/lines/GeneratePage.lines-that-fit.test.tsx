import { notifyManager } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLATFORMS, type UsageSummary } from '@gl/core/types';
import GeneratePage from './GeneratePage';
import { TEST_USER, fail, mockApi, ok, renderAt, resetBrowserState, signIn, type MockHandler } from '../../test/app-harness';
import { fakeSocket } from '../../test/fake-socket';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));
// A generation streams into the query cache, which tells the page at once here (not on the next tick), so each
// live() shows what its event changed.
notifyManager.setScheduler((cb) => cb());

beforeEach(() => resetBrowserState());

const GEN_ID = '22222222-2222-4222-8222-222222222222';
const REFINE = `POST /api/lines/generations/${GEN_ID}/refine`;
const usage = (used: number): UsageSummary => ({
  planId: 'free',
  dailyGenerations: used,
  monthlyGenerations: used,
  limit: 10,
  remaining: 10 - used,
  resetsAt: '2026-01-02T00:00:00.000Z',
});

function server(extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/health': () => ok({ status: 'ok', providers: { openai: true, huggingface: false, offline: true } }),
    'GET /api/users/usage': () => ok(usage(3)),
    'GET /api/auth/me': () => ok({ user: TEST_USER }),
    'POST /api/lines/generate': () => ok({ generation: { id: GEN_ID, status: 'pending' }, usage: usage(4) }, 202),
    [REFINE]: () => ok({ generation: { id: GEN_ID, status: 'pending' }, usage: usage(5) }, 202),
    ...extra,
  });
}

const live = (event: string, payload: unknown) => act(() => fakeSocket.emitFromServer(event, payload));
const platformSelect = () => screen.getByRole('combobox', { name: /Platform/ });
const hashtags = () => screen.getByRole('switch', { name: 'Hashtags' });
const emoji = () => screen.getByRole('switch', { name: 'Emoji' });
const lineTexts = () => screen.getAllByTestId('line-text').map((l) => l.textContent);

async function generate(lines: string[]) {
  await userEvent.click(screen.getByRole('button', { name: 'Generate Lines' }));
  await screen.findByLabelText('Line 1: waiting');
  await act(async () => new Promise((r) => setTimeout(r, 0)));
  live('generation:completed', { id: GEN_ID, lines, source: 'openai', usage: null });
  await screen.findByText(lines[lines.length - 1]!);
}

const generatedBody = (calls: Array<{ path: string; body: unknown }>) => calls.find((c) => c.path === '/api/lines/generate')!.body;

describe('/generate: the platform picker and the switches', () => {
  it('lists "Any platform" (the default) and the twelve platforms; picking one shows its limit and sets the switches to its defaults', async () => {
    server();
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    const select = platformSelect();
    expect(select).toHaveValue('');
    const options = within(select).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Any platform', ...PLATFORMS.map((p) => p.name)]);
    expect(hashtags()).not.toBeChecked();
    expect(emoji()).toBeChecked();

    await userEvent.selectOptions(select, 'instagram_caption');
    expect(screen.getByTestId('platform-limit')).toHaveTextContent('Up to 125 characters (an emoji counts as 1).');
    expect(select).toHaveAccessibleDescription(/Up to 125 characters/);
    expect(hashtags()).toBeChecked();
    expect(emoji()).toBeChecked();

    await userEvent.selectOptions(select, 'google_ads_headline');
    expect(screen.getByTestId('platform-limit')).toHaveTextContent('Up to 30 characters');
    expect(hashtags()).not.toBeChecked();
    expect(emoji()).not.toBeChecked();
    expect(emoji()).toHaveAccessibleDescription('No emoji');

    await userEvent.selectOptions(select, 'x_post');
    // X counts its own way, and the taglines category is tighter than an X post.
    expect(screen.getByTestId('platform-limit')).toHaveTextContent('Up to 280 characters as X counts them');
    expect(screen.getByTestId('platform-limit')).toHaveTextContent('Business Taglines keep to 80.');
    expect(screen.getByLabelText('Max chars')).toHaveAttribute('placeholder', '80');

    await userEvent.selectOptions(select, 'sms');
    expect(screen.getByTestId('platform-limit')).toHaveTextContent('An emoji or a curly quote cuts a segment to 70.');
  });

  it('sends platform, hashtags and emoji; a switch changed after picking wins over the default', async () => {
    const { calls } = server();
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await userEvent.selectOptions(platformSelect(), 'tiktok_bio');
    await userEvent.click(emoji());
    expect(emoji()).not.toBeChecked();
    await userEvent.click(hashtags());
    await userEvent.click(screen.getByRole('button', { name: 'Generate Lines' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/lines/generate')).toBe(true));
    expect(generatedBody(calls)).toEqual({
      category: 'taglines',
      tone: 'corporate',
      count: 4,
      language: 'en',
      platform: 'tiktok_bio',
      hashtags: 'few',
      emoji: 'none',
    });
  });

  it('without a platform the switches show what the server does: hashtags on captions only, emoji allowed', async () => {
    signIn({ ...TEST_USER, planId: 'pro' });
    server({ 'GET /api/auth/me': () => ok({ user: { ...TEST_USER, planId: 'pro' } }), 'GET /api/brands': () => ok({ brands: [] }) });
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    expect(hashtags()).not.toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /Instagram Captions/ }));
    expect(hashtags()).toBeChecked();
    expect(emoji()).toBeChecked();
    // A platform's defaults win over the category's.
    await userEvent.selectOptions(platformSelect(), 'linkedin_headline');
    expect(hashtags()).not.toBeChecked();
    expect(emoji()).not.toBeChecked();
  });

  it('without a platform, only a switch the person changed is sent', async () => {
    const { calls } = server();
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await userEvent.click(emoji());
    await userEvent.click(screen.getByRole('button', { name: 'Generate Lines' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/lines/generate')).toBe(true));
    expect(generatedBody(calls)).toEqual({ category: 'taglines', tone: 'corporate', count: 4, language: 'en', emoji: 'none' });
  });
});

describe('/generate: the counter on every line', () => {
  it('shows count / limit for the platform, red and announced past the limit', async () => {
    server();
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await userEvent.selectOptions(platformSelect(), 'google_ads_headline');
    await generate(['Fresh mandazi daily', 'Fresh mandazi and birthday cakes, Nakuru']);
    const [fits, over] = screen.getAllByTestId('line-counter') as [HTMLElement, HTMLElement];
    expect(fits).toHaveTextContent('19 / 30');
    expect(fits).not.toHaveAttribute('data-over');
    expect(over).toHaveTextContent('40 / 30 characters, 10 over the limit');
    expect(over).toHaveAttribute('data-over', 'true');
    expect(over.querySelector('.text-rose-700')).not.toBeNull();
    expect(screen.getByText(/Generation complete/)).toHaveTextContent('1 line is over the limit.');
  });

  it('counts against Max chars alone too, and is not shown when no limit applies', async () => {
    server();
    const first = renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await generate(['No limit asked for']);
    expect(screen.queryByTestId('line-counter')).not.toBeInTheDocument();
    first.unmount();

    server();
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await userEvent.type(screen.getByLabelText('Max chars'), '20');
    await generate(['Twelve chars']);
    expect(screen.getByTestId('line-counter')).toHaveTextContent('12 / 20');
  });

  it('SMS: a curly quote is named as the character that makes one SMS hold 70', async () => {
    server();
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await userEvent.selectOptions(platformSelect(), 'sms');
    await generate(['It’s baked fresh']);
    expect(screen.getByTestId('line-counter')).toHaveTextContent('16 / 70');
    expect(screen.getByTestId('sms-segment-note')).toHaveTextContent('“’” is not in the SMS alphabet');
  });
});

describe('/generate: Share to WhatsApp', () => {
  it('is a link to wa.me with the line, opening in a new tab', async () => {
    server();
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await generate(['Chai & mandazi? Yes, please!', 'Second line']);
    const link = screen.getByRole('link', { name: /Share line 1 to WhatsApp/ });
    expect(link).toHaveAttribute('href', 'https://wa.me/?text=Chai%20%26%20mandazi%3F%20Yes%2C%20please!');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(link).toHaveTextContent('WhatsApp');
  });
});

describe('/generate: refining a line', () => {
  it('the menu opens and closes (Escape returns focus), offering the actions that apply and the other languages', async () => {
    server();
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await generate(['First line', 'Second line ☕']);
    const button = screen.getByRole('button', { name: 'Refine line 2' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: 'Refine line 2' })).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('group', { name: 'Refine line 2' });
    expect(
      within(menu)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual([
      'Shorter',
      'Longer',
      'Punchier',
      'Funnier',
      'More formal',
      'Add emoji',
      'Remove emoji',
      'Translate to Kiswahili',
      'Translate to Français',
      'Translate to Español',
      'Translate to Deutsch',
      'Translate to Português',
    ]);
    within(menu).getByRole('button', { name: 'Punchier' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    // A line without emoji has none to remove.
    await userEvent.click(screen.getByRole('button', { name: 'Refine line 1' }));
    const first = screen.getByRole('group', { name: 'Refine line 1' });
    expect(within(first).getByRole('button', { name: 'Add emoji' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Remove emoji' })).not.toBeInTheDocument();
  });

  it('posts the action; the refined line streams in right after its original, with its own Copy, WhatsApp and Save (sending the platform)', async () => {
    signIn();
    const { calls } = server({
      'POST /api/lines/save': () => ok({ savedLine: { id: 's1', text: 'Fresh, fast.' }, alreadySaved: false }, 201),
    });
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await userEvent.selectOptions(platformSelect(), 'instagram_bio');
    await generate(['First line', 'Second line, a little long', 'Third line']);
    await userEvent.click(screen.getByRole('button', { name: 'Refine line 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Shorter' }));
    expect(calls.find((c) => c.path.endsWith('/refine'))!.body).toEqual({ index: 1, action: 'shorter' });
    expect(screen.getByTestId('refining-line')).toHaveAccessibleName('Line 2: refining (shorter)');
    // One refinement at a time: the other lines' Refine waits.
    expect(screen.getByRole('button', { name: 'Refine line 1' })).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('usage-remaining')).toHaveTextContent('5 of 10'));

    live('generation:started', { id: GEN_ID });
    live('generation:line', { id: GEN_ID, index: 3, text: 'Fresh, fast.' });
    expect(screen.queryByTestId('refining-line')).not.toBeInTheDocument();
    expect(lineTexts()).toEqual(['First line', 'Second line, a little long', 'Fresh, fast.', 'Third line']);
    const refined = screen.getAllByTestId('generated-line')[2]!;
    expect(refined).toHaveAttribute('data-refined', 'true');
    expect(refined).toHaveTextContent('Shorter · from line 2');
    expect(within(refined).getByTestId('line-counter')).toHaveTextContent('12 / 80');
    expect(within(refined).getByRole('link', { name: /Share line 4 to WhatsApp/ })).toHaveAttribute(
      'href',
      'https://wa.me/?text=Fresh%2C%20fast.',
    );
    expect(within(refined).getByRole('button', { name: 'Copy line 4' })).toBeInTheDocument();
    // A refined line is refined again, not regenerated.
    expect(within(refined).queryByRole('button', { name: /Regenerate/ })).not.toBeInTheDocument();

    live('generation:completed', {
      id: GEN_ID,
      lines: ['First line', 'Second line, a little long', 'Third line', 'Fresh, fast.'],
      source: 'openai',
      usage: null,
    });
    expect(lineTexts()).toEqual(['First line', 'Second line, a little long', 'Fresh, fast.', 'Third line']);
    await userEvent.click(within(refined).getByRole('button', { name: 'Save line 4' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/lines/save')).toBe(true));
    expect(calls.find((c) => c.path === '/api/lines/save')!.body).toEqual({
      text: 'Fresh, fast.',
      category: 'taglines',
      tone: 'corporate',
      generationId: GEN_ID,
      platform: 'instagram_bio',
    });
    expect(screen.getByRole('button', { name: 'Refine line 1' })).toBeEnabled();
  });

  it('translate sends the language; the line is tagged with it and offers English back', async () => {
    const { calls } = server();
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await generate(['Fresh bread daily']);
    await userEvent.click(screen.getByRole('button', { name: 'Refine line 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Translate to Kiswahili' }));
    expect(calls.find((c) => c.path.endsWith('/refine'))!.body).toEqual({ index: 0, action: 'translate', language: 'sw' });
    live('generation:line', { id: GEN_ID, index: 1, text: 'Mkate mpya kila siku' });
    expect(screen.getAllByTestId('generated-line')[1]).toHaveTextContent('In Kiswahili · from line 1');
    await userEvent.click(screen.getByRole('button', { name: 'Refine line 2' }));
    const menu = screen.getByRole('group', { name: 'Refine line 2' });
    expect(within(menu).getByRole('button', { name: 'Translate to English' })).toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Translate to Kiswahili' })).not.toBeInTheDocument();
  });

  it('"Longer" is not offered on a line at 90% of its limit or more (as the server decides)', async () => {
    server();
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await userEvent.selectOptions(platformSelect(), 'google_ads_headline');
    await generate(['Twenty-seven characters, ok', 'Room to grow']);
    await screen.findAllByTestId('line-counter');
    await userEvent.click(screen.getByRole('button', { name: 'Refine line 1' }));
    expect(within(screen.getByRole('group', { name: 'Refine line 1' })).queryByRole('button', { name: 'Longer' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refine line 2' }));
    expect(within(screen.getByRole('group', { name: 'Refine line 2' })).getByRole('button', { name: 'Longer' })).toBeInTheDocument();
  });

  it('"Add emoji" is not offered where lines keep to no emoji: the emoji switch off, or SMS', async () => {
    server();
    const first = renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await userEvent.click(emoji());
    await generate(['Plain line']);
    await userEvent.click(screen.getByRole('button', { name: 'Refine line 1' }));
    expect(screen.queryByRole('button', { name: 'Add emoji' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Shorter' })).toBeInTheDocument();
    first.unmount();

    server();
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await userEvent.selectOptions(platformSelect(), 'sms');
    await userEvent.click(emoji());
    expect(emoji()).toBeChecked();
    await generate(['Plain SMS line']);
    await userEvent.click(screen.getByRole('button', { name: 'Refine line 1' }));
    expect(screen.queryByRole('button', { name: 'Add emoji' })).not.toBeInTheDocument();
  });

  it.each([
    [409, 'CONFLICT', 'This generation is still in progress. Please wait for it to finish.', false],
    [429, 'DAILY_LIMIT_REACHED', 'Daily limit reached: 10 generations per day on the Free plan.', true],
    [429, 'RATE_LIMITED', 'Too many generations. Please try again in 2 minutes.', false],
  ])('a refusal (%i %s) is shown with the lines kept', async (status, code, message, upgrade) => {
    server({ [REFINE]: () => fail(status, message, code) });
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await generate(['First line', 'Second line']);
    await userEvent.click(screen.getByRole('button', { name: 'Refine line 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Funnier' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).queryByRole('link', { name: 'Upgrade your plan' }) !== null).toBe(upgrade);
    expect(screen.queryByTestId('refining-line')).not.toBeInTheDocument();
    expect(lineTexts()).toEqual(['First line', 'Second line']);
    expect(screen.getByRole('button', { name: 'Refine line 1' })).toBeEnabled();
  });

  it('after a reconnect the generation is read again, refinements placed after their originals', async () => {
    const { calls } = server({
      [`GET /api/lines/generations/${GEN_ID}`]: () =>
        ok({
          generation: {
            id: GEN_ID,
            status: 'completed',
            lines: ['First line', 'Second line', 'Mkate mpya'],
            refinements: [{ index: 2, from: 0, action: 'translate', language: 'sw' }],
            source: 'openai',
            error: null,
          },
        }),
    });
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await generate(['First line', 'Second line']);
    await userEvent.click(screen.getByRole('button', { name: 'Refine line 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Translate to Kiswahili' }));
    // The line event was missed while the connection was down.
    live('connect', undefined);
    await waitFor(() => expect(calls.some((c) => c.path === `/api/lines/generations/${GEN_ID}`)).toBe(true));
    await screen.findByText('Mkate mpya');
    expect(lineTexts()).toEqual(['First line', 'Mkate mpya', 'Second line']);
    expect(screen.getAllByTestId('generated-line')[1]).toHaveTextContent('In Kiswahili · from line 1');
  });

  it('after ten refinements Refine is off and says why', async () => {
    server();
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await userEvent.clear(screen.getByLabelText('Lines'));
    await userEvent.type(screen.getByLabelText('Lines'), '1');
    const refined = Array.from({ length: 10 }, (_, i) => `Refined ${i + 1}`);
    await generate(['The one line', ...refined]);
    expect(screen.getByRole('button', { name: 'Refine line 1' })).toBeDisabled();
    expect(screen.getByTestId('refine-full')).toHaveTextContent('These lines have 10 refinements, the most one generation keeps.');
  });

  it('a refinement that fails in the worker keeps the lines and says so', async () => {
    server();
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await generate(['First line']);
    await userEvent.click(screen.getByRole('button', { name: 'Refine line 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Longer' }));
    live('generation:failed', { id: GEN_ID, error: 'Generation failed. Please try again.' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Generation failed. Please try again.');
    expect(lineTexts()).toEqual(['First line']);
  });
});

describe('/generate: compare mode shares the platform fields', () => {
  it('sends platform, hashtags and emoji with the tones', async () => {
    signIn({ ...TEST_USER, planId: 'pro' });
    const { calls } = server({
      'GET /api/auth/me': () => ok({ user: { ...TEST_USER, planId: 'pro' } }),
      'GET /api/brands': () => ok({ brands: [] }),
      'POST /api/lines/compare': () => ok({ generations: [], usage: usage(2) }, 202),
    });
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    await userEvent.click(await screen.findByRole('switch', { name: 'Compare tones' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Funny' }));
    await userEvent.selectOptions(platformSelect(), 'youtube_title');
    await userEvent.click(screen.getByRole('button', { name: 'Compare 2 tones' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/lines/compare')).toBe(true));
    expect(calls.find((c) => c.path === '/api/lines/compare')!.body).toMatchObject({
      tones: ['corporate', 'funny'],
      platform: 'youtube_title',
      hashtags: 'none',
      emoji: 'some',
    });
  });
});
