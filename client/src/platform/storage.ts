/** Every localStorage key the client uses, product-specific so they never clash with another app. */
export const STORAGE_KEYS = {
  token: 'genius-lines.token',
  refreshToken: 'genius-lines.refresh-token',
  user: 'genius-lines.user',
  theme: 'genius-lines.theme',
  visitorId: 'genius-lines.visitor-id',
  /** Saved lines cached by the old client; only ever cleared (on sign-out). */
  legacySavedLines: 'genius-lines.saved-lines',
} as const;

/** localStorage that never throws (private mode, disabled storage, quota). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the value lives for this page only */
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* ignore */
    }
  },
};
