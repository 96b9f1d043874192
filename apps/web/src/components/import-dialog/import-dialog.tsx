import type { ImportReport } from '@depot/contract';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClient, errorMessageOf } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** Rows of the report shown in the dialog; the counts above it cover them all. */
const ROWS_SHOWN = 200;

export interface ImportDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The dialog's title, e.g. "Import stock items". */
  title: string;
  /** The import endpoint; its dry run is at `${path}/dry-run`. */
  path: string;
  /** The columns a file has, in words, e.g. "stock_name, price, quantity, weight; sku optional". */
  columns: string;
  /** The lists the import changes: refreshed once it is done. */
  invalidates: QueryKey;
}

const ACTION_COLOR = { create: 'green', update: 'blue', unchanged: 'gray', error: 'red' } as const;

/** The report's counts in words: "3 to create, 1 to update, 5 unchanged, 2 with problems". */
function summaryOf(report: ImportReport, done: boolean): string {
  const { create, update, unchanged, error } = report.counts;
  const parts = done
    ? [`${create} created`, `${update} updated`, `${unchanged} unchanged`]
    : [`${create} to create`, `${update} to update`, `${unchanged} unchanged`];
  if (error > 0) parts.push(`${error} with problems`);
  return parts.join(', ');
}

/**
 * Imports a CSV file (uploaded or pasted) in two steps (docs/decisions/019-data-in-and-out.md):
 * a dry run's report, row by row with every problem, then the import itself, all of it or none.
 */
export function ImportDialog({ opened, onClose, title, path, columns, invalidates }: ImportDialogProps) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [report, setReport] = useState<ImportReport | null>(null);
  const body = file ?? pasted;
  const hasInput = file !== null || pasted.trim() !== '';

  const dryRun = useMutation({
    mutationFn: () => apiClient.uploadCsv<ImportReport>(`${path}/dry-run`, body),
    onSuccess: setReport,
  });
  const commit = useMutation({
    mutationFn: () => apiClient.uploadCsv<ImportReport>(path, body),
    onSuccess: (done) => {
      toast.success(`Import complete: ${summaryOf(done, true)}.`);
      void queryClient.invalidateQueries({ queryKey: invalidates });
      close();
    },
  });

  function reset() {
    setReport(null);
    dryRun.reset();
    commit.reset();
  }
  function close() {
    setFile(null);
    setPasted('');
    reset();
    onClose();
  }

  const changes = report ? report.counts.create + report.counts.update : 0;
  const error = dryRun.error ?? commit.error;

  return (
    <Modal opened={opened} onClose={close} title={title} size="xl" centered>
      {!report ? (
        <Stack gap="sm">
          <Text size="sm">
            A CSV file in UTF-8 with a header row: {columns}. Rows with a known SKU, or else the same name,
            update that item; others are added. Nothing changes until you confirm.
          </Text>
          <FileInput
            label="CSV file"
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              dryRun.reset();
            }}
            clearable
          />
          <Textarea
            label="Or paste CSV"
            rows={5}
            value={pasted}
            disabled={file !== null}
            onChange={(event) => {
              setPasted(event.currentTarget.value);
              dryRun.reset();
            }}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          {error && (
            <Alert color="red" title="The file cannot be imported">
              {errorMessageOf(error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              key="check"
              onClick={() => dryRun.mutate()}
              disabled={!hasInput}
              loading={dryRun.isPending}
            >
              Check file
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text fw={600} role="status">
            {summaryOf(report, false)}
          </Text>
          {report.problems.length > 0 && (
            <Alert
              color="red"
              title={`${report.problems.length} problem${report.problems.length > 1 ? 's' : ''}: nothing will be imported until they are fixed`}
            >
              <ScrollArea.Autosize mah={220}>
                <Table aria-label="Problems" verticalSpacing={4}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Row</Table.Th>
                      <Table.Th>Column</Table.Th>
                      <Table.Th>Reason</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {report.problems.map((problem) => (
                      <Table.Tr key={`${problem.row} ${problem.column} ${problem.reason}`}>
                        <Table.Td>{problem.row}</Table.Td>
                        <Table.Td>{problem.column ?? '—'}</Table.Td>
                        <Table.Td>{problem.reason}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            </Alert>
          )}
          <ScrollArea.Autosize mah={300}>
            <Table aria-label="Rows" striped verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>SKU</Table.Th>
                  <Table.Th>Result</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.rows.slice(0, ROWS_SHOWN).map((row) => (
                  <Table.Tr key={row.row}>
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.name}</Table.Td>
                    <Table.Td>{row.sku ?? ''}</Table.Td>
                    <Table.Td>
                      <Badge color={ACTION_COLOR[row.action]} variant="light">
                        {row.action}
                      </Badge>
                      {row.changes.length > 0 && (
                        <Text span size="xs" c="dimmed" ml={6}>
                          {row.changes.join(', ')}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {report.rows.length > ROWS_SHOWN && (
              <Text size="sm" c="dimmed" mt="xs">
                and {report.rows.length - ROWS_SHOWN} more rows
              </Text>
            )}
          </ScrollArea.Autosize>
          {commit.error && (
            <Alert color="red" title="Nothing was imported">
              {errorMessageOf(commit.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={reset}>
              Back
            </Button>
            {/* A button of its own, not Check file's restyled mid-way through its loading transition. */}
            <Button
              key="import"
              onClick={() => commit.mutate()}
              disabled={report.problems.length > 0 || changes === 0}
              loading={commit.isPending}
            >
              {changes === 0 ? 'Nothing to import' : `Import ${changes} row${changes > 1 ? 's' : ''}`}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
