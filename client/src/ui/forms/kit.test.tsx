import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checkbox } from './Checkbox';
import { TextAreaField } from './Field';
import { MutationForm, type MutationState } from './MutationForm';
import { Notice } from './Notice';
import { RadioGroup } from './RadioGroup';

function Share() {
  const [on, setOn] = useState(false);
  return <Checkbox label="Share with my team" hint="Everyone in Acme can use it." checked={on} onChange={setOn} />;
}

describe('Checkbox', () => {
  it('is named by its label alone, described by its hint, and the label row toggles it', async () => {
    render(<Share />);
    const box = screen.getByRole('checkbox', { name: 'Share with my team' });
    expect(box).toHaveAccessibleDescription('Everyone in Acme can use it.');
    expect(box).not.toBeChecked();
    await userEvent.click(screen.getByText('Share with my team'));
    expect(box).toBeChecked();
  });

  it('a disabled box does not change', async () => {
    const onChange = vi.fn();
    render(<Checkbox label="X" checked={false} onChange={onChange} disabled />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'X' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});

function Method() {
  const [value, setValue] = useState<'paypal' | 'mpesa'>('paypal');
  return (
    <RadioGroup
      legend="Payment method"
      name="method"
      value={value}
      onChange={setValue}
      options={[
        { value: 'paypal', label: 'PayPal', hint: 'Card or balance' },
        { value: 'mpesa', label: 'M-Pesa', hint: 'On your phone' },
      ]}
    />
  );
}

describe('RadioGroup', () => {
  it('is a group named by its legend; clicking and the arrow keys move the choice', async () => {
    render(<Method />);
    const group = screen.getByRole('group', { name: 'Payment method' });
    const paypal = within(group).getByRole('radio', { name: /PayPal/ });
    const mpesa = within(group).getByRole('radio', { name: /M-Pesa/ });
    expect(paypal).toBeChecked();
    await userEvent.click(screen.getByText('M-Pesa'));
    expect(mpesa).toBeChecked();
    expect(paypal).not.toBeChecked();
    await userEvent.keyboard('{ArrowLeft}');
    expect(paypal).toBeChecked();
  });

  it('a hidden legend still names the group', () => {
    render(
      <RadioGroup
        legend="Language"
        hideLegend
        look="segment"
        name="l"
        value="a"
        onChange={() => {}}
        options={[{ value: 'a', label: 'A' }]}
      />,
    );
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();
  });
});

function Topic({ onSend }: { onSend(topic: string): void }) {
  const [topic, setTopic] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSend(topic);
      }}
    >
      <TextAreaField
        id="topic"
        label="Topic"
        required={false}
        autoGrow
        enterSubmits
        rows={1}
        maxLength={300}
        value={topic}
        onChange={setTopic}
      />
    </form>
  );
}

describe('TextAreaField', () => {
  it('with enterSubmits, Enter sends the form like an input and types no line break; a pasted break becomes a space', async () => {
    const onSend = vi.fn();
    render(<Topic onSend={onSend} />);
    const field = screen.getByRole('textbox', { name: 'Topic' });
    expect(field).toHaveAttribute('maxlength', '300');
    await userEvent.type(field, 'coffee launch{Enter}');
    expect(onSend).toHaveBeenCalledWith('coffee launch');
    expect(field).toHaveValue('coffee launch');
    fireEvent.change(field, { target: { value: 'coffee\nlaunch' } });
    expect(field).toHaveValue('coffee launch');
  });
});

describe('Notice', () => {
  it('announces errors at once, successes politely, and information not at all', () => {
    render(
      <>
        <Notice kind="error">Failed</Notice>
        <Notice kind="success">Saved</Notice>
        <Notice kind="info">Sign in first</Notice>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(screen.getByText('Sign in first')).not.toHaveAttribute('role');
  });
});

describe('MutationForm', () => {
  const idle: MutationState = { isPending: false, isSuccess: false, isError: false, error: null };

  it('sends on submit, says it is busy while pending, then shows the success or the server message', async () => {
    const onSubmit = vi.fn();
    const form = (mutation: typeof idle) => (
      <MutationForm
        mutation={mutation}
        onSubmit={onSubmit}
        submitLabel="Save"
        busyLabel="Saving…"
        success="Saved"
        fallback="Could not save"
      >
        <input aria-label="Name" />
      </MutationForm>
    );
    const { rerender } = render(form(idle));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(form({ ...idle, isPending: true }));
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    rerender(form({ ...idle, isSuccess: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    rerender(form({ ...idle, isError: true, error: new Error('Name is too long') }));
    expect(screen.getByRole('alert')).toHaveTextContent('Name is too long');
    rerender(form({ ...idle, isError: true, error: null }));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
  });
});
