import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../accounts';

export type SimulatedStatus = 'idle' | 'working' | 'done';

/**
 * Join / register / enroll: simulated, nothing is sent to a server. Signed-out users go
 * to /auth. After `workMs` the action is done; with `doneMs` it returns to idle after that long.
 * Each key (a tier, an event, a course) has its own state.
 */
export function useSimulatedAction(workMs: number, doneMs?: number) {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const [states, setStates] = useState<Record<string, SimulatedStatus>>({});
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const busy = useRef(new Set<string>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const t of pending) clearTimeout(t);
    };
  }, []);

  const later = useCallback((fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.current.delete(t);
      fn();
    }, ms);
    timers.current.add(t);
  }, []);

  const run = useCallback(
    (key: string) => {
      if (!isAuthenticated) {
        navigate('/auth');
        return;
      }
      if (busy.current.has(key)) return;
      busy.current.add(key);
      setStates((s) => ({ ...s, [key]: 'working' }));
      later(() => {
        setStates((s) => ({ ...s, [key]: 'done' }));
        if (doneMs === undefined) return;
        later(() => {
          busy.current.delete(key);
          setStates((s) => ({ ...s, [key]: 'idle' }));
        }, doneMs);
      }, workMs);
    },
    [isAuthenticated, navigate, later, workMs, doneMs],
  );

  return { statusOf: (key: string): SimulatedStatus => states[key] ?? 'idle', run };
}
