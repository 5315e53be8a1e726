import { useTranslation } from 'react-i18next';
import { MessageIcon } from '../../ui/icons';

/** WhatsApp's share link: opens a chat picker with the line typed in. */
export function whatsAppShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** "Share to WhatsApp" beside Copy: a plain link in a new tab (works without WhatsApp's app too). */
export default function ShareWhatsApp({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation('generate');
  return (
    <a
      href={whatsAppShareUrl(text)}
      target="_blank"
      rel="noopener"
      className="btn-ghost tap px-2.5 py-1 text-xs"
      aria-label={t('line.share', { label })}
    >
      <MessageIcon className="h-3.5 w-3.5" />
      {t('line.whatsapp')}
    </a>
  );
}
