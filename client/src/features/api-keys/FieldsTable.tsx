import { useTranslation } from 'react-i18next';
import type { FieldDoc } from './api-examples';
import { Inline } from './Inline';

const TH = 'py-2 pr-4 font-semibold';
const HEAD = 'border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600 dark:border-slate-700 dark:text-slate-400';

/**
 * A request's fields: name (and whether required), type, description (from the catalogue, by field name);
 * `wide` for the endpoint pages' wider tables.
 */
export function FieldsTable({
  fields,
  descriptions,
  caption,
  wide = false,
}: {
  fields: readonly FieldDoc[];
  descriptions: Readonly<Record<string, string>>;
  caption: string;
  wide?: boolean;
}) {
  const { t } = useTranslation('apiDocs');
  return (
    <div className="mt-4 overflow-x-auto">
      <table className={`w-full ${wide ? 'min-w-[32rem]' : 'min-w-[28rem]'} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className={HEAD}>
          <tr>
            <th scope="col" className={TH}>
              {t('fieldsTable.field')}
            </th>
            <th scope="col" className={TH}>
              {t('fieldsTable.type')}
            </th>
            <th scope="col" className="py-2 font-semibold">
              {t('fieldsTable.description')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {fields.map((f) => (
            <tr key={f.name}>
              <td className="py-2 pr-4 align-top font-mono text-slate-900 dark:text-slate-100">
                {f.name}
                {f.required && (
                  <span className="ml-1.5 chip bg-rose-100 text-rose-800 dark:bg-rose-500/15 dark:text-rose-300">
                    {t('fieldsTable.required')}
                  </span>
                )}
              </td>
              <td className="py-2 pr-4 align-top font-mono text-slate-600 dark:text-slate-400">{f.type}</td>
              <td className="py-2 align-top text-slate-700 dark:text-slate-300">
                <Inline text={descriptions[f.name] ?? ''} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
