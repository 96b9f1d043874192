import { Button } from '@mantine/core';
import { useState } from 'react';
import { apiClient, errorMessageOf, type ListParams } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/**
 * Downloads every row the list shows (its search, filters and sort; not only the page) as a CSV
 * file, through the list protocol's export (docs/decisions/019-data-in-and-out.md).
 */
export function ExportButton({
  request,
  noun,
}: {
  request: { path: string; params: ListParams };
  noun: string;
}) {
  const [exporting, setExporting] = useState(false);
  async function download() {
    setExporting(true);
    try {
      await apiClient.downloadList(request.path, request.params);
    } catch (error) {
      toast.error(errorMessageOf(error));
    } finally {
      setExporting(false);
    }
  }
  return (
    <Button
      variant="default"
      onClick={() => void download()}
      loading={exporting}
      aria-label={`Export ${noun} as CSV`}
      style={{ marginLeft: 'auto' }}
    >
      Export CSV
    </Button>
  );
}
