export default function PageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status">
      <span className="h-6 w-6 animate-spin rounded-full border-2 border-violet-500 border-t-transparent" aria-hidden="true" />
      <span className="ml-3 text-sm text-slate-600 dark:text-slate-400">{label}</span>
    </div>
  );
}
