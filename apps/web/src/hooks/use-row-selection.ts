import { useCallback, useMemo, useState } from 'react';

/** The rows picked on a list, by id, kept across its pages, searches and filters until cleared. */
export interface RowSelection {
  /** The ids in the order they were picked. */
  ids: readonly number[];
  has: (id: number) => boolean;
  toggle: (id: number) => void;
  /** Picks or drops several at once (a page's "select all"). */
  setMany: (ids: readonly number[], selected: boolean) => void;
  clear: () => void;
}

export function useRowSelection(): RowSelection {
  const [ids, setIds] = useState<readonly number[]>([]);
  const toggle = useCallback(
    (id: number) => setIds((now) => (now.includes(id) ? now.filter((kept) => kept !== id) : [...now, id])),
    [],
  );
  const setMany = useCallback(
    (many: readonly number[], selected: boolean) =>
      setIds((now) =>
        selected
          ? [...now, ...many.filter((id) => !now.includes(id))]
          : now.filter((id) => !many.includes(id)),
      ),
    [],
  );
  const clear = useCallback(() => setIds([]), []);
  return useMemo(() => {
    const set = new Set(ids);
    return { ids, has: (id: number) => set.has(id), toggle, setMany, clear };
  }, [ids, toggle, setMany, clear]);
}
