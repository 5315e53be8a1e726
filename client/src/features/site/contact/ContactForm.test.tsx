import { CONTACT_SUBJECTS } from '@gl/core/types';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers, fail, mockApi, ok, resetBrowserState } from '../../../test/app-harness';
import { ContactForm } from './ContactForm';

const MESSAGE = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Feature Request',
  message: 'Could the generator write limericks too?',
};

function fill(values = MESSAGE) {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: values.name } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: values.email } });
  fireEvent.change(screen.getByLabelText('Subject'), { target: { value: values.subject } });
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: values.message } });
}

const submitButton = () => screen.getByRole('button', { name: /Send Message|Sending...|Message Sent!/ });
const submit = () => fireEvent.submit(submitButton().closest('form')!);

beforeEach(() => {
  resetBrowserState();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('contact form', () => {
  it('has the required fields, the seven subjects and a six-row message', () => {
    render(<ContactForm />, { wrapper: Providers });
    for (const label of ['Name', 'Email', 'Subject', 'Message']) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Message')).toHaveAttribute('rows', '6');
    const options = within(screen.getByLabelText('Subject'))
      .getAllByRole('option')
      .filter((o) => (o as HTMLOptionElement).value);
    expect(options.map((o) => o.textContent)).toEqual([...CONTACT_SUBJECTS]);
    expect(CONTACT_SUBJECTS).toEqual([
      'General Inquiry',
      'Technical Support',
      'Feature Request',
      'Bug Report',
      'Partnership',
      'Media Inquiry',
      'Other',
    ]);
  });

  it('idle -> sending -> Message Sent! for 3 s with the form cleared', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = mockApi({ 'POST /api/contact': async () => (await gate, ok({ id: 'c1' }, 202)) });
    render(<ContactForm />, { wrapper: Providers });
    fill();
    submit();
    expect(submitButton()).toHaveTextContent('Sending...');
    expect(submitButton()).toBeDisabled();
    await act(async () => release());
    expect(await screen.findByRole('button', { name: 'Message Sent!' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/contact', body: MESSAGE });
    for (const label of ['Name', 'Email', 'Subject', 'Message']) expect(screen.getByLabelText(label)).toHaveValue('');

    act(() => vi.advanceTimersByTime(2900));
    expect(submitButton()).toHaveTextContent('Message Sent!');
    act(() => vi.advanceTimersByTime(100));
    expect(submitButton()).toHaveTextContent('Send Message');
  });

  it("shows the server's error message and keeps what was typed", async () => {
    mockApi({ 'POST /api/contact': () => fail(400, 'email: Please enter a valid email address', 'VALIDATION_FAILED') });
    render(<ContactForm />, { wrapper: Providers });
    fill({ ...MESSAGE, email: 'ada@nowhere' });
    submit();
    expect(await screen.findByText('email: Please enter a valid email address')).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Send Message');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
  });

  it('shows the unknown-error text when there is no message', async () => {
    mockApi({ 'POST /api/contact': () => ({ status: 500, body: undefined }) });
    render(<ContactForm />, { wrapper: Providers });
    fill();
    submit();
    expect(await screen.findByText('An unknown error occurred. Check console for details.')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
  });

  it('can send again after an error', async () => {
    let first = true;
    mockApi({
      'POST /api/contact': () => {
        if (first) {
          first = false;
          return fail(503, 'Service temporarily unavailable', 'UNAVAILABLE');
        }
        return ok({ id: 'c2' }, 202);
      },
    });
    render(<ContactForm />, { wrapper: Providers });
    fill();
    submit();
    expect(await screen.findByText('Service temporarily unavailable')).toBeInTheDocument();
    submit();
    expect(await screen.findByRole('button', { name: 'Message Sent!' })).toBeInTheDocument();
    expect(screen.queryByText('Service temporarily unavailable')).not.toBeInTheDocument();
  });
});
