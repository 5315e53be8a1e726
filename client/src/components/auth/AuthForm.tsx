import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { EyeIcon, EyeOffIcon } from '../icons';

export type AuthMode = 'signin' | 'signup';

export const PASSWORD_HINT = 'Password must be at least 6 characters long';

/** Sign-in / sign-up form of /auth. Calls onSuccess after the session is stored. */
export default function AuthForm({ initialMode = 'signin', onSuccess }: { initialMode?: AuthMode; onSuccess?: () => void }) {
  const { login, register } = useAuth();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const ids = { name: useId(), email: useId(), password: useId(), hint: useId(), error: useId() };
  const signUp = mode === 'signup';

  const switchMode = () => {
    setMode(signUp ? 'signin' : 'signup');
    setError('');
    setName('');
    setEmail('');
    setPassword('');
    setShowPassword(false);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setError('');
    setBusy(true);
    try {
      if (signUp) await register(name.trim(), email.trim(), password);
      else await login(email.trim(), password);
      onSuccess?.();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Authentication failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="card w-full max-w-md p-6 sm:p-8">
      <div className="text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {signUp ? 'Join Genius Lines' : 'Welcome Back'}
        </h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {signUp ? 'Create an account to save lines and unlock more.' : 'Sign in to your saved lines and plan.'}
        </p>
      </div>

      <form
        onSubmit={(e) => void submit(e)}
        className="mt-8 grid gap-4"
        aria-describedby={error ? ids.error : undefined}
        noValidate={false}
      >
        {signUp && (
          <div>
            <label htmlFor={ids.name} className="field-label">
              Full Name
            </label>
            <input
              id={ids.name}
              className="field"
              autoComplete="name"
              required
              maxLength={100}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
        )}
        <div>
          <label htmlFor={ids.email} className="field-label">
            Email
          </label>
          <input
            id={ids.email}
            type="email"
            inputMode="email"
            className="field"
            autoComplete="email"
            required
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids.password} className="field-label">
            Password
          </label>
          <div className="relative">
            <input
              id={ids.password}
              type={showPassword ? 'text' : 'password'}
              className="field pr-11"
              autoComplete={signUp ? 'new-password' : 'current-password'}
              required
              maxLength={128}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby={ids.hint}
            />
            <button
              type="button"
              className="absolute inset-y-0 right-0 grid w-10 place-items-center rounded-r-lg text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-white"
              onClick={() => setShowPassword((s) => !s)}
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              aria-pressed={showPassword}
            >
              {showPassword ? <EyeOffIcon className="h-4 w-4" /> : <EyeIcon className="h-4 w-4" />}
            </button>
          </div>
          <div className="mt-1.5 flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <p id={ids.hint} className="text-xs text-slate-600 dark:text-slate-400">
              {PASSWORD_HINT}
            </p>
            {!signUp && (
              <Link
                to="/forgot-password"
                className="text-xs font-semibold text-violet-700 underline-offset-2 hover:underline dark:text-violet-300"
              >
                Forgot password?
              </Link>
            )}
          </div>
        </div>

        {error && (
          <p
            id={ids.error}
            role="alert"
            className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:bg-rose-500/10 dark:text-rose-200"
          >
            {error}
          </p>
        )}

        <button type="submit" className="btn-primary mt-2 w-full py-2.5" disabled={busy}>
          {busy ? (signUp ? 'Creating Account...' : 'Signing In...') : signUp ? 'Create Account' : 'Sign In'}
        </button>
      </form>

      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        {signUp ? 'Already have an account?' : "Don't have an account?"}{' '}
        <button
          type="button"
          onClick={switchMode}
          className="font-semibold text-violet-700 underline-offset-2 hover:underline dark:text-violet-300"
        >
          {signUp ? 'Sign in' : 'Sign up'}
        </button>
      </p>
    </div>
  );
}
