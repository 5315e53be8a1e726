import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers, fail, mockApi, ok, resetBrowserState } from '../../../test/app-harness';
import { NewsletterForm } from './NewsletterForm';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function renderForm() {
  render(<NewsletterForm variant="footer" />, { wrapper: Providers });
  const input = screen.getByLabelText('Email address') as HTMLInputElement;
  const submit = () => fireEvent.click(screen.getByRole('button', { name: /Subscribe|Subscribing|Subscribed/ }));
  return { input, submit, button: () => screen.getByRole('button') };
}

beforeEach(() => {
  resetBrowserState();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('newsletter form', () => {
  it('is an e-mail input', () => {
    renderForm();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email');
  });

  it.each(['', 'plainaddress', 'no@dot', 'two words@example.com', '@example.com'])(
    'refuses %j with the spec message and sends nothing',
    async (bad) => {
      const { calls } = mockApi({});
      const { input, submit } = renderForm();
      fireEvent.change(input, { target: { value: bad } });
      submit();
      expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
      expect(calls).toHaveLength(0);
    },
  );

  it('idle -> Subscribing... -> Subscribed! with the thank-you for 3 s, field cleared, then idle', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const gate = deferred<void>();
    const { calls } = mockApi({ 'POST /api/newsletter': async () => (await gate.promise, ok({ subscribed: true })) });
    const { input, submit, button } = renderForm();
    fireEvent.change(input, { target: { value: 'ada@example.com' } });
    submit();
    expect(button()).toHaveTextContent('Subscribing...');
    expect(button()).toBeDisabled();
    await act(async () => gate.resolve());
    expect(await screen.findByText('Thank you for subscribing!')).toBeInTheDocument();
    expect(button()).toHaveTextContent('Subscribed!');
    expect(input.value).toBe('');
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/newsletter', body: { email: 'ada@example.com' } });

    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByText('Thank you for subscribing!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('Thank you for subscribing!')).not.toBeInTheDocument();
    expect(button()).toHaveTextContent('Subscribe');
  });

  it("shows 'Failed to subscribe: {message}' with the server's message", async () => {
    mockApi({ 'POST /api/newsletter': () => fail(429, 'Too many requests. Please try again in 5 minutes.', 'RATE_LIMITED') });
    const { input, submit, button } = renderForm();
    fireEvent.change(input, { target: { value: 'ada@example.com' } });
    submit();
    expect(await screen.findByText('Failed to subscribe: Too many requests. Please try again in 5 minutes.')).toBeInTheDocument();
    expect(button()).toHaveTextContent('Subscribe');
    expect(input.value).toBe('ada@example.com');
  });

  it('shows the unknown-error text when the server answers without a message', async () => {
    mockApi({ 'POST /api/newsletter': () => ({ status: 502, body: undefined }) });
    const { input, submit } = renderForm();
    fireEvent.change(input, { target: { value: 'ada@example.com' } });
    submit();
    expect(await screen.findByText('Unknown error occurred. Check console for details.')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
  });

  it('shows the unexpected-error text on an unexpected exception', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => undefined),
    );
    const { input, submit } = renderForm();
    fireEvent.change(input, { target: { value: 'ada@example.com' } });
    submit();
    expect(await screen.findByText('An unexpected error occurred. Check console for details.')).toBeInTheDocument();
  });

  it('a second subscribe after success works the same (repeat)', async () => {
    const { calls } = mockApi({ 'POST /api/newsletter': () => ok({ subscribed: true }) });
    const { input, submit } = renderForm();
    for (let i = 0; i < 2; i++) {
      fireEvent.change(input, { target: { value: 'ada@example.com' } });
      submit();
      expect(await screen.findByText('Thank you for subscribing!')).toBeInTheDocument();
    }
    expect(calls).toHaveLength(2);
  });
});
