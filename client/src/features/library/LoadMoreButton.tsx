import { useTranslation } from 'react-i18next';

/** What "Load more" needs of an infinite query (TanStack Query's useInfiniteQuery result). */
interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "Load more" under a keyset-paged library (personal or team): shown while there is a next page. */
export default function LoadMoreButton({ list }: { list: PagedList }) {
  const { t } = useTranslation('saved');
  if (!list.hasNextPage) return null;
  return (
    <div className="mt-6 flex justify-center">
      <button
        type="button"
        className="btn-secondary px-5 py-2.5 text-sm"
        onClick={() => void list.fetchNextPage()}
        disabled={list.isFetchingNextPage}
      >
        {list.isFetchingNextPage ? t('more.loading') : t('more.load')}
      </button>
    </div>
  );
}
