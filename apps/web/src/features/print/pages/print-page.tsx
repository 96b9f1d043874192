import { type OrderDetail, PATHS, type SupplyOrderDetail } from '@depot/contract';
import { Alert, Anchor, Button, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { LoadingSpinner } from '@/components/query-states';
import { errorMessageOf, isApiError } from '@/lib/api-client';
import { isPrintDocument, PRINT_JOB_MAX, type PrintDocument, printIdsOf } from '@/lib/print-documents';
import { usePrintOrders } from '../api/print-orders';
import { PackingSlip } from '../components/packing-slip';
import { PurchaseOrder } from '../components/purchase-order';
import './print-page.css';

const TITLES: Record<PrintDocument, { many: string; one: string; noun: string }> = {
  'packing-slips': { many: 'Packing slips', one: 'Packing slip', noun: 'Order' },
  'purchase-orders': { many: 'Purchase orders', one: 'Purchase order', noun: 'Supply order' },
};

export const BAD_PRINT_LINK_TEXT = `This print link names no orders, or more than ${PRINT_JOB_MAX}. Select the orders on their list and print them from there.`;

/**
 * The print page (docs/product/screens.md#printed-documents): the documents of the orders named by
 * `?ids=`, one A4 page each, for the browser's Print (or Save as PDF) as one job.
 */
export default function PrintPage() {
  const { document } = useParams();
  const [search] = useSearchParams();
  const ids = printIdsOf(search.get('ids'));
  if (!isPrintDocument(document) || !ids) {
    return (
      <PrintProblem title="Nothing to print">
        <Text>{BAD_PRINT_LINK_TEXT}</Text>
      </PrintProblem>
    );
  }
  return <PrintJob document={document} ids={ids} />;
}

function PrintJob({ document, ids }: { document: PrintDocument; ids: number[] }) {
  const titles = TITLES[document];
  const results = usePrintOrders(document, ids);
  const loaded = results.flatMap((result, index) =>
    result.data ? [{ id: ids[index] as number, data: result.data }] : [],
  );
  const failed = results.flatMap((result, index) =>
    result.isError ? [{ id: ids[index] as number, error: result.error }] : [],
  );
  const pending = results.some((result) => result.isPending);
  useDocumentTitle(
    `${ids.length === 1 ? titles.one : titles.many} ${ids.map((id) => `#${id}`).join(' ')} · Depot`,
  );

  if (failed.some(({ error }) => isApiError(error, 401))) {
    return (
      <PrintProblem title="Sign in to print">
        <Text>
          Your session has ended. <Anchor href={PATHS.home}>Log in</Anchor>, then print the orders again from
          their list.
        </Text>
      </PrintProblem>
    );
  }

  return (
    <main className="print-job">
      <div className="print-toolbar">
        <Paper withBorder p="sm">
          <Group justify="space-between" gap="sm">
            <Stack gap={0}>
              <Title order={1} size="h4">
                {titles.many}
              </Title>
              <Text size="sm" c="dimmed">
                {pending
                  ? `Loading ${ids.length} ${ids.length === 1 ? 'order' : 'orders'}…`
                  : `${loaded.length} ${loaded.length === 1 ? 'page' : 'pages'}, one per order`}
              </Text>
            </Stack>
            <Group gap="sm">
              <Button variant="default" component={Link} to={PATHS.dashboard}>
                Back to Depot
              </Button>
              <Button onClick={() => window.print()} disabled={pending || loaded.length === 0}>
                Print
              </Button>
            </Group>
          </Group>
          {failed.length > 0 && (
            <Alert
              color="red"
              mt="sm"
              title={`${failed.length === 1 ? 'One order was' : `${failed.length} orders were`} left out`}
            >
              <List size="sm">
                {failed.map(({ id, error }) => (
                  <List.Item key={id}>
                    {titles.noun} #{id}: {errorMessageOf(error)}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
        </Paper>
      </div>
      {pending ? (
        <LoadingSpinner label={`Loading ${titles.many.toLowerCase()}`} />
      ) : (
        <div className="print-documents">
          {loaded.map(({ id, data }) =>
            document === 'packing-slips' ? (
              <PackingSlip key={id} order={data as OrderDetail} />
            ) : (
              <PurchaseOrder key={id} order={data as SupplyOrderDetail} />
            ),
          )}
        </div>
      )}
    </main>
  );
}

function PrintProblem({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} · Depot`);
  return (
    <Container size="sm" py="xl" component="main">
      <Paper withBorder p="xl">
        <Stack gap="xs" align="flex-start">
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
          <Anchor component={Link} to={PATHS.dashboard}>
            Back to Depot
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
