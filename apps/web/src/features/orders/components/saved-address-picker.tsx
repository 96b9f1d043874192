import type { CustomerAddress } from '@depot/contract';
import { Checkbox, NativeSelect, Skeleton } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { addressFields, sameAddress, useSavedAddresses } from '@/lib/saved-addresses';
import type { DraftFields } from '../order-draft';

/** One line for a saved address: its first line, PIN code and phone. */
export function addressSummary(address: CustomerAddress): string {
  const firstLine = address.shipping_address.split('\n')[0] ?? '';
  return `${firstLine}, ${address.pin_code} (${address.phone_number})`;
}

interface SavedAddressPickerProps {
  form: UseFormReturnType<DraftFields>;
  /** Whether the order's address is to be saved after it is placed. */
  save: boolean;
  onSaveChange: (save: boolean) => void;
}

/**
 * The customer's saved addresses above the delivery fields (docs/product/screens.md#customer-products):
 * choosing one fills the four fields, which stay editable; the last used is filled in while the
 * fields are empty. "Save this address" shows while the fields are no saved address.
 */
export function SavedAddressPicker({ form, save, onSaveChange }: SavedAddressPickerProps) {
  const addresses = useSavedAddresses();
  const saved = addresses.data ?? [];
  const values = form.values;
  const chosen = saved.find((address) => sameAddress(address, values));
  const prefilled = useRef(false);

  // The last used address fills the fields once, while all four are empty.
  useEffect(() => {
    if (prefilled.current || !addresses.data) return;
    prefilled.current = true;
    const [lastUsed] = addresses.data;
    const empty =
      !values.shipping_address && !values.pin_code && !values.location_type && !values.phone_number;
    if (lastUsed && empty) form.setValues(addressFields(lastUsed) as Partial<DraftFields>);
  }, [addresses.data, form, values]);

  const filled = Boolean(values.shipping_address.trim() || values.pin_code.trim());
  return (
    <>
      {addresses.isPending ? (
        <Skeleton height={56} aria-label="Loading saved addresses" />
      ) : saved.length > 0 ? (
        <NativeSelect
          label="Saved address"
          description="Fills the fields below; you can still change them."
          data={[
            { value: '', label: chosen ? '' : 'A new address' },
            ...saved.map((address) => ({ value: String(address.id), label: addressSummary(address) })),
          ].filter((option) => option.label !== '')}
          value={chosen ? String(chosen.id) : ''}
          onChange={(event) => {
            const picked = saved.find((address) => String(address.id) === event.currentTarget.value);
            if (picked) form.setValues(addressFields(picked) as Partial<DraftFields>);
          }}
        />
      ) : null}
      {!chosen && filled && (
        <Checkbox
          label="Save this address"
          checked={save}
          onChange={(event) => onSaveChange(event.currentTarget.checked)}
        />
      )}
    </>
  );
}
