/** The contact form's server call. */
import { useMutation } from '@tanstack/react-query';
import type { CONTACT_SUBJECTS } from '@gl/core/types';
import { api } from '../../../platform/api';

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
export interface ContactFields {
  name: string;
  email: string;
  subject: ContactSubject | '';
  message: string;
}

/** POST /api/contact. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (fields: ContactFields): Promise<unknown> => api('/contact', { method: 'POST', body: fields }),
  });
}
