import type { ReorderSuggestion, ReorderSuggestions, SupplyOrderDraft } from '@depot/contract';
import {
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { AlertStack } from '@/components/alert-stack';
import { ConfirmDeleteModal } from '@/components/confirm-delete-modal';
import { PageTitle } from '@/components/page-title';
import { EmptyState, LoadingSpinner, QueryError } from '@/components/query-states';
import { useTimedAlert } from '@/hooks/use-timed-alert';
import { errorMessageOf } from '@/lib/api-client';
import { formatMoney, formatQuantity } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import {
  useCreateDrafts,
  useDeleteDraft,
  useDrafts,
  usePlaceDraft,
  useReorderSuggestions,
  useSetAutomatic,
  useUpdateDraft,
} from '../api/reorder';
import { BackToStockLink } from '../components/back-to-stock-link';
import { ReorderRuleDialog } from '../components/reorder-rule-dialog';

/** docs/product/screens.md#reorder-suggestions: outcomes stay 8 seconds, long enough to read a refusal. */
export const REORDER_ALERT_MS = 8000;

const isWhole = (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= 1;

/**
 * Reorder Suggestions (docs/product/screens.md#reorder-suggestions): the items at or under their
 * level by supplier, with editable quantities, "Create drafts", and the drafts to review and place.
 */
export default function ReorderSuggestionsPage() {
  const suggestions = useReorderSuggestions();
  const drafts = useDrafts();
  const outcome = useTimedAlert(REORDER_ALERT_MS);
  const [ruleOf, setRuleOf] = useState<number | null>(null);
  const show = (tone: 'success' | 'error', message: string) => outcome.show({ tone, message });

  return (
    <Stack gap="md">
      <BackToStockLink />
      <PageTitle>Reorder Suggestions</PageTitle>
      <Text size="sm" c="dimmed">
        Items at or under their reorder level, counting what is already on open supply orders. Create drafts
        makes one draft supply order per supplier; suppliers see nothing until you place it.
      </Text>
      {suggestions.isPending ? (
        <LoadingSpinner label="Loading reorder suggestions" />
      ) : suggestions.isError ? (
        <QueryError
          title="Could not load reorder suggestions"
          error={suggestions.error}
          onRetry={() => suggestions.refetch()}
        />
      ) : (
        <Suggestions data={suggestions.data} onRule={setRuleOf} show={show} />
      )}

      <Title order={2} size="h3" mt="md">
        Drafts
      </Title>
      {drafts.isPending ? (
        <LoadingSpinner label="Loading drafts" />
      ) : drafts.isError ? (
        <QueryError title="Could not load drafts" error={drafts.error} onRetry={() => drafts.refetch()} />
      ) : drafts.data.length === 0 ? (
        <EmptyState title="No drafts.">
          <Text size="sm" c="dimmed">
            Create drafts from the suggestions above, or switch automatic drafting on.
          </Text>
        </EmptyState>
      ) : (
        drafts.data.map((draft) => <DraftCard key={draft.id} draft={draft} show={show} />)
      )}

      <AlertStack alerts={[outcome.alert]} />
      <ReorderRuleDialog
        stockId={ruleOf}
        onClose={() => setRuleOf(null)}
        onSaved={(message) => show('success', message)}
      />
    </Stack>
  );
}

function Suggestions({
  data,
  onRule,
  show,
}: {
  data: ReorderSuggestions;
  onRule: (stockId: number) => void;
  show: (tone: 'success' | 'error', message: string) => void;
}) {
  const [edited, setEdited] = useState<Record<number, string>>({});
  const create = useCreateDrafts();
  const automatic = useSetAutomatic();
  const open = data.groups.flatMap((group) => group.items).filter((item) => item.in_draft === 0);
  const valid = open.every(
    (item) => edited[item.stock_id] === undefined || isWhole(edited[item.stock_id] ?? ''),
  );

  const createDrafts = () =>
    create.mutate(
      {
        items: open.map((item) => ({
          stock_id: item.stock_id,
          quantity: Number(edited[item.stock_id] ?? item.suggested_quantity),
        })),
      },
      {
        onSuccess: ({ message }) => {
          setEdited({});
          show('success', message);
        },
        onError: (error) => show('error', errorMessageOf(error)),
      },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        {/* The label beside the switch, not Mantine's own: its inline-input styles are not in this chunk. */}
        <Group gap="xs" wrap="nowrap">
          <Switch
            id="automatic-drafting"
            aria-label="Draft automatically when an item reaches its level"
            checked={data.automatic}
            disabled={automatic.isPending}
            onChange={(event) =>
              automatic.mutate(event.currentTarget.checked, {
                onSuccess: ({ message }) => show('success', message),
                onError: (error) => show('error', errorMessageOf(error)),
              })
            }
          />
          <Text component="label" htmlFor="automatic-drafting" size="sm">
            Draft automatically when an item reaches its level
          </Text>
        </Group>
        <Button onClick={createDrafts} disabled={open.length === 0 || !valid} loading={create.isPending}>
          Create drafts
        </Button>
      </Group>
      {data.groups.length === 0 && data.unlinked.length === 0 && (
        <EmptyState title="Nothing to reorder.">
          <Text size="sm" c="dimmed">
            No item is at or under its reorder level. Set levels with Reorder rule on Stock Management.
          </Text>
        </EmptyState>
      )}
      {data.groups.map((group) => (
        <Paper key={group.supplier_id} withBorder p="md">
          <Text fw={600} mb="xs">
            {group.supplier_name}
          </Text>
          <SuggestionTable
            items={group.items}
            edited={edited}
            onEdit={(stockId, value) => setEdited((all) => ({ ...all, [stockId]: value }))}
            onRule={onRule}
          />
        </Paper>
      ))}
      {data.unlinked.length > 0 && (
        <Paper withBorder p="md">
          <Text fw={600}>Without a preferred supplier product</Text>
          <Text size="sm" c="dimmed" mb="xs">
            Link each to a supplier product to draft it.
          </Text>
          <Table.ScrollContainer minWidth={420}>
            <Table aria-label="Items without a supplier product" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Stock Name</Table.Th>
                  <Table.Th ta="right">In stock</Table.Th>
                  <Table.Th ta="right">Level</Table.Th>
                  <Table.Th ta="right">Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.unlinked.map((item) => (
                  <Table.Tr key={item.stock_id}>
                    <Table.Td>{item.stock_name}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(item.quantity)}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(item.reorder_level)}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => onRule(item.stock_id)}
                        aria-label={`Link a product to ${item.stock_name}`}
                      >
                        Link a product
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}

function SuggestionTable({
  items,
  edited,
  onEdit,
  onRule,
}: {
  items: ReorderSuggestion[];
  edited: Record<number, string>;
  onEdit: (stockId: number, value: string) => void;
  onRule: (stockId: number) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Reorder suggestions" fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Stock Name</Table.Th>
            <Table.Th>Supplier product</Table.Th>
            <Table.Th ta="right">In stock</Table.Th>
            <Table.Th ta="right">On order</Table.Th>
            <Table.Th ta="right">Level</Table.Th>
            <Table.Th ta="right">Order</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const value = edited[item.stock_id] ?? String(item.suggested_quantity);
            return (
              <Table.Tr key={item.stock_id}>
                <Table.Td>
                  <Button variant="subtle" size="compact-sm" px={0} onClick={() => onRule(item.stock_id)}>
                    {item.stock_name}
                  </Button>
                </Table.Td>
                <Table.Td>
                  {item.product_name}
                  <Text size="xs" c="dimmed">
                    {formatQuantity(item.available ?? 0)} available
                    {item.price === null ? '' : ` · ${formatMoney(item.price)}`}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatQuantity(item.quantity)}</Table.Td>
                <Table.Td ta="right">{formatQuantity(item.on_order)}</Table.Td>
                <Table.Td ta="right">{formatQuantity(item.reorder_level)}</Table.Td>
                <Table.Td ta="right">
                  {item.in_draft > 0 ? (
                    <Badge variant="light">{formatQuantity(item.in_draft)} in draft</Badge>
                  ) : (
                    <TextInput
                      aria-label={`Quantity of ${item.stock_name}`}
                      inputMode="numeric"
                      size="xs"
                      w={90}
                      ml="auto"
                      value={value}
                      error={isWhole(value) ? undefined : true}
                      onChange={(event) => onEdit(item.stock_id, event.currentTarget.value)}
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DraftCard({
  draft,
  show,
}: {
  draft: SupplyOrderDraft;
  show: (tone: 'success' | 'error', message: string) => void;
}) {
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [address, setAddress] = useState(draft.address ?? '');
  const [mobile, setMobile] = useState(draft.mobile_number ?? '');
  const [confirmOpened, confirm] = useDisclosure(false);
  const update = useUpdateDraft();
  const remove = useDeleteDraft();
  const place = usePlaceDraft();
  const idempotencyKey = useMemo(() => newIdempotencyKey(), []);
  const changedLines = draft.lines
    .filter(
      (line) =>
        quantities[line.product_id] !== undefined && quantities[line.product_id] !== String(line.quantity),
    )
    .map((line) => ({ product_id: line.product_id, quantity: Number(quantities[line.product_id]) }));
  const dirty =
    changedLines.length > 0 || address !== (draft.address ?? '') || mobile !== (draft.mobile_number ?? '');
  const valid = Object.values(quantities).every((text) => /^\d+$/.test(text.trim()));

  const save = () =>
    update.mutate(
      { id: draft.id, body: { address, mobile_number: mobile, lines: changedLines } },
      {
        onSuccess: ({ message }) => {
          setQuantities({});
          show('success', message);
        },
        onError: (error) => show('error', errorMessageOf(error)),
      },
    );

  const placeOrder = () =>
    place.mutate(
      { id: draft.id, body: { address, mobile_number: mobile }, idempotencyKey },
      {
        onSuccess: ({ message }) => show('success', message),
        onError: (error) => show('error', errorMessageOf(error)),
      },
    );

  return (
    <Paper withBorder p="md" aria-label={`Draft for ${draft.supplier_name}`} component="section">
      <Group justify="space-between" mb="xs" gap="xs">
        <Group gap="xs">
          <Text fw={600}>{draft.supplier_name}</Text>
          <Badge color="gray" variant="light">
            Draft
          </Badge>
          {draft.automatic && (
            <Badge color="blue" variant="light">
              Drafted automatically
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {formatQuantity(draft.total_quantity)} units · {formatMoney(draft.total_cost)}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={420}>
        <Table aria-label={`Lines of the draft for ${draft.supplier_name}`} fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right">Available</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.lines.map((line) => (
              <Table.Tr key={line.product_id}>
                <Table.Td>{line.product_name}</Table.Td>
                <Table.Td ta="right">{formatMoney(line.price)}</Table.Td>
                <Table.Td ta="right">{formatQuantity(line.available)}</Table.Td>
                <Table.Td ta="right">
                  <TextInput
                    aria-label={`Quantity of ${line.product_name}`}
                    inputMode="numeric"
                    size="xs"
                    w={90}
                    ml="auto"
                    value={quantities[line.product_id] ?? String(line.quantity)}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setQuantities((all) => ({ ...all, [line.product_id]: value }));
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group grow align="flex-start" gap="sm" mt="xs" wrap="wrap">
        <Textarea
          label="Address"
          autosize
          minRows={1}
          value={address}
          onChange={(e) => setAddress(e.currentTarget.value)}
          style={{ minWidth: '14rem' }}
        />
        <TextInput
          label="Mobile number"
          value={mobile}
          onChange={(e) => setMobile(e.currentTarget.value)}
          style={{ minWidth: '10rem' }}
        />
      </Group>
      <Group justify="flex-end" gap="sm" mt="sm">
        <Button variant="subtle" color="red" onClick={confirm.open}>
          Delete draft
        </Button>
        <Button variant="default" onClick={save} disabled={!dirty || !valid} loading={update.isPending}>
          Save draft
        </Button>
        <Button onClick={placeOrder} disabled={dirty} loading={place.isPending}>
          Place order
        </Button>
      </Group>
      <ConfirmDeleteModal
        opened={confirmOpened}
        title="Delete Draft"
        name={`the draft for ${draft.supplier_name}`}
        pending={remove.isPending}
        onCancel={confirm.close}
        onConfirm={() =>
          remove.mutate(draft.id, {
            onSuccess: ({ message }) => show('success', message),
            onError: (error) => show('error', errorMessageOf(error)),
            onSettled: confirm.close,
          })
        }
      />
    </Paper>
  );
}
