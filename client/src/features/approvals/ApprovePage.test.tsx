import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, renderAt, resetBrowserState, type MockRequest } from '../../test/app-harness';
import { fakeSocket } from '../../test/fake-socket';
import ApprovePage from './ApprovePage';
import type { PublicApprovalDto } from '@gl/core/types';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));

const TOKEN = 'Zk3_q9XbT2mN8vLw4Hc-Aa'; // 22 characters of base64url, as the server makes them
const PATH = `/api/public/approvals/${TOKEN}`;

const APPROVAL: PublicApprovalDto = {
  title: 'Mama Mboga launch week',
  note: 'Please approve by Friday.',
  language: 'en',
  lines: [
    {
      id: '00000001-0000-4000-8000-000000000001',
      text: 'Fresh greens at your door by 8am 🥬',
      platform: 'x_post',
      state: 'pending',
      version: 1,
    },
    {
      id: '00000002-0000-4000-8000-000000000002',
      text: 'Sukuma, spinach and dhania, delivered before breakfast. Order by 9pm and wake up to a full kitchen.',
      platform: 'sms',
      state: 'pending',
      version: 1,
    },
    {
      id: '00000003-0000-4000-8000-000000000003',
      text: 'Fresh Greens Delivered Daily',
      platform: 'google_ads_headline',
      state: 'pending',
      version: 1,
    },
  ],
};

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

function serve(opts: { pin?: string } = {}) {
  const decisions: MockRequest[] = [];
  const state = structuredClone(APPROVAL);
  const api = mockApi({
    [`GET ${PATH}`]: (req) => (opts.pin && req.headers['X-Approval-Pin'] !== opts.pin ? fail(404, 'Not found.', 'NOT_FOUND') : ok(state)),
    [`POST ${PATH}/decisions`]: (req) => {
      decisions.push(req);
      const body = req.body as { decisions: Array<{ lineId: string; decision: string }> };
      for (const d of body.decisions) {
        const line = state.lines.find((l) => l.id === d.lineId)!;
        if (d.decision === 'approve') line.state = 'approved';
        if (d.decision === 'request_changes') line.state = 'changes_requested';
      }
      return ok({ lines: state.lines });
    },
  });
  return { ...api, decisions, state };
}

const line = (n: number) => screen.getAllByTestId('approval-line')[n - 1]!;

async function giveName(name = 'Amina Otieno') {
  await userEvent.type(await screen.findByLabelText('Your name'), name);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

beforeEach(() => {
  resetBrowserState();
  sessionStorage.clear();
  vi.restoreAllMocks();
  fakeSocket.sent.length = 0;
});

describe('/approve/:token', () => {
  it('shows a loading state, then the title, the note and each line as its platform shows it, with its count', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    mockApi({ [`GET ${PATH}`]: async () => (await held, ok(APPROVAL)) });
    renderAt(<ApprovePage />, { route: `/approve/${TOKEN}`, path: '/approve/:token' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Opening the lines…' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mama Mboga launch week' })).toBeInTheDocument();
    expect(screen.getByText('Please approve by Friday.')).toBeInTheDocument();
    expect(within(line(1)).getByText('X post')).toBeInTheDocument();
    // X weighs an emoji 2: 33 characters and 🥬 make 35 as X counts.
    await waitFor(() => expect(within(line(1)).getByTestId('line-fit')).toHaveTextContent('35 / 280 (as X counts)'));
    expect(within(line(2)).getByTestId('line-fit')).toHaveTextContent('characters · 1 SMS');
    expect(within(line(3)).getByText('Sponsored')).toBeInTheDocument();
    expect(within(line(3)).getByTestId('line-fit')).toHaveTextContent('28 / 30 characters');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  it('a link it cannot open offers the PIN, retries with it, and says when the PIN did not open it', async () => {
    const { calls } = serve({ pin: '4821' });
    renderAt(<ApprovePage />, { route: `/approve/${TOKEN}`, path: '/approve/:token' });
    expect(await screen.findByRole('heading', { level: 1, name: "This link can't be opened" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Have a PIN?' }));
    await userEvent.type(screen.getByLabelText('PIN'), '1111');
    await userEvent.click(screen.getByRole('button', { name: 'Open the lines' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That PIN did not open the link.');
    await userEvent.clear(screen.getByLabelText('PIN'));
    await userEvent.type(screen.getByLabelText('PIN'), '4821');
    await userEvent.click(screen.getByRole('button', { name: 'Open the lines' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mama Mboga launch week' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'GET').map((c) => c.headers['X-Approval-Pin'])).toEqual([undefined, '1111', '4821']);
  });

  it('asks the name once, then sends approve, a required request for changes and approve-all with it', async () => {
    const { decisions } = serve();
    renderAt(<ApprovePage />, { route: `/approve/${TOKEN}`, path: '/approve/:token' });
    await screen.findByRole('heading', { level: 1, name: 'Mama Mboga launch week' });
    // No name yet: the decision waits for it.
    await userEvent.click(within(line(1)).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Add your name first, so the team knows who decided.')).toBeInTheDocument();
    expect(decisions).toHaveLength(0);
    await giveName();
    expect(screen.getByText('Deciding as Amina Otieno.')).toBeInTheDocument();

    await userEvent.click(within(line(1)).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(line(1)).toHaveAttribute('data-state', 'approved'));
    expect(decisions[0]!.body).toEqual({
      reviewerName: 'Amina Otieno',
      decisions: [{ lineId: '00000001-0000-4000-8000-000000000001', decision: 'approve', version: 1 }],
    });

    await userEvent.click(within(line(2)).getByRole('button', { name: 'Request changes' }));
    const send = within(line(2)).getByRole('button', { name: 'Send request' });
    await userEvent.click(send);
    expect(decisions).toHaveLength(1); // the comment is required
    await userEvent.type(within(line(2)).getByLabelText('What should change?'), 'Mention the 9pm cut-off first.');
    await userEvent.click(send);
    await waitFor(() => expect(line(2)).toHaveAttribute('data-state', 'changes_requested'));
    expect(decisions[1]!.body).toEqual({
      reviewerName: 'Amina Otieno',
      decisions: [
        {
          lineId: '00000002-0000-4000-8000-000000000002',
          decision: 'request_changes',
          comment: 'Mention the 9pm cut-off first.',
          version: 1,
        },
      ],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Approve the remaining line' }));
    await waitFor(() => expect(line(3)).toHaveAttribute('data-state', 'approved'));
    expect(decisions[2]!.body).toEqual({
      reviewerName: 'Amina Otieno',
      decisions: [{ lineId: '00000003-0000-4000-8000-000000000003', decision: 'approve', version: 1 }],
    });
    expect(await screen.findByText(/every line has a decision/)).toBeInTheDocument();
    // The name stays on the device for the next link.
    expect(localStorage.getItem('genius-lines.approval-reviewer')).toBe('Amina Otieno');
  });

  it('keeps a decision made offline on the device, through a reload, and sends it when the connection returns', async () => {
    localStorage.setItem('genius-lines.approval-reviewer', 'Amina Otieno');
    const { decisions } = serve();
    setOnline(false);
    const first = renderAt(<ApprovePage />, { route: `/approve/${TOKEN}`, path: '/approve/:token' });
    await screen.findByRole('heading', { level: 1, name: 'Mama Mboga launch week' });
    await userEvent.click(within(line(1)).getByRole('button', { name: 'Approve' }));
    expect(line(1)).toHaveAttribute('data-state', 'approved');
    expect(within(line(1)).getByText('Not sent yet')).toBeInTheDocument();
    expect(screen.getByText(/You are offline. Your decision is kept on this phone/)).toBeInTheDocument();
    expect(decisions).toHaveLength(0);

    // The tab is closed and opened again, still offline: the decision is still there.
    first.unmount();
    renderAt(<ApprovePage />, { route: `/approve/${TOKEN}`, path: '/approve/:token' });
    await screen.findByRole('heading', { level: 1, name: 'Mama Mboga launch week' });
    expect(within(line(1)).getByText('Not sent yet')).toBeInTheDocument();

    act(() => setOnline(true));
    await waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions[0]!.body).toEqual({
      reviewerName: 'Amina Otieno',
      decisions: [{ lineId: '00000001-0000-4000-8000-000000000001', decision: 'approve', version: 1 }],
    });
    await waitFor(() => expect(within(line(1)).queryByText('Not sent yet')).not.toBeInTheDocument());
    expect(line(1)).toHaveAttribute('data-state', 'approved');
  });

  it("joins the link's room and shows a second reviewer's decision as it arrives", async () => {
    serve();
    renderAt(<ApprovePage />, { route: `/approve/${TOKEN}`, path: '/approve/:token' });
    await screen.findByRole('heading', { level: 1, name: 'Mama Mboga launch week' });
    // Nothing is joined before the reviewer engages with the page (the first visit stays light).
    expect(fakeSocket.sent).toEqual([]);
    await userEvent.click(screen.getByRole('heading', { level: 1 }));
    await waitFor(() =>
      expect(fakeSocket.sent).toContainEqual({ event: 'approval:watch', args: [{ token: TOKEN }, expect.any(Function)] }),
    );
    act(() => fakeSocket.emitFromServer('approval:line', { line: { ...APPROVAL.lines[2], state: 'changes_requested' } }));
    await waitFor(() => expect(line(3)).toHaveAttribute('data-state', 'changes_requested'));
    expect(within(line(3)).getByText('Changes requested')).toBeInTheDocument();
    // The team shares a new version of it: the new text, waiting again.
    act(() =>
      fakeSocket.emitFromServer('approval:line', {
        line: { ...APPROVAL.lines[2], text: 'Greens Delivered by 8am', version: 2, state: 'pending' },
      }),
    );
    await waitFor(() => expect(line(3)).toHaveAttribute('data-state', 'pending'));
    expect(within(line(3)).getByText('Version 2')).toBeInTheDocument();
    expect(within(line(3)).getByText('Greens Delivered by 8am')).toBeInTheDocument();
  });

  it('a link revoked while open says it can no longer be opened', async () => {
    const { state } = serve();
    let revoked = false;
    mockApi({
      [`GET ${PATH}`]: () => (revoked ? fail(404, 'Not found.', 'NOT_FOUND') : ok(state)),
    });
    renderAt(<ApprovePage />, { route: `/approve/${TOKEN}`, path: '/approve/:token' });
    await screen.findByRole('heading', { level: 1, name: 'Mama Mboga launch week' });
    await userEvent.click(screen.getByRole('heading', { level: 1 }));
    revoked = true;
    act(() => fakeSocket.emitFromServer('approval:closed', {}));
    expect(await screen.findByRole('heading', { level: 1, name: "This link can't be opened" })).toBeInTheDocument();
    expect(screen.queryByTestId('approval-line')).not.toBeInTheDocument();
  });

  it('/sw/approve/:token is in Kiswahili', async () => {
    serve();
    renderAt(<ApprovePage />, { route: `/sw/approve/${TOKEN}`, path: '/sw/approve/:token' });
    await screen.findByRole('heading', { level: 1, name: 'Mama Mboga launch week' });
    expect(within(line(1)).getByRole('button', { name: 'Idhinisha' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', `/approve/${TOKEN}`);
  });
});
