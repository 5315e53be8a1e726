const TICK = '✓';

/** A list with a tick before each item: a tier's or a course's features, the contact page's tips. */
export function TickList({
  items,
  className,
  tickClassName = 'text-emerald-600 dark:text-emerald-400',
}: {
  items: readonly string[];
  className: string;
  tickClassName?: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <span aria-hidden="true" className={tickClassName}>
            {TICK}
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}
