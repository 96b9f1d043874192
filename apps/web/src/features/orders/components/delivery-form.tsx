import { LOCATION_TYPES, type LocationType } from '@depot/contract';
import { NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useCourierServices } from '../api/list-courier-services';
import type { DraftFields } from '../order-draft';

const LOCATION_LABELS: Record<LocationType, string> = {
  urban: 'Urban',
  suburban: 'Suburban',
  rural: 'Rural',
};

export function locationLabel(type: LocationType | ''): string {
  return type === '' ? '' : LOCATION_LABELS[type];
}

interface DeliveryFormProps {
  values: DraftFields;
  onChange: (patch: Partial<DraftFields>) => void;
  /** Marks the field after a failed PIN check; the message itself shows beside Place Order. */
  pinCodeInvalid?: boolean;
}

/** Where and how the order goes (SPEC §2): every field is required (SPEC §5). */
export function DeliveryFields({ values, onChange, pinCodeInvalid = false }: DeliveryFormProps) {
  const couriers = useCourierServices();
  const courierOptions = [
    { value: '', label: couriers.isPending ? 'Loading courier services…' : 'Choose a courier service' },
    ...(couriers.data ?? []).map((courier) => ({ value: String(courier.id), label: courier.name })),
  ];

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Textarea
        label="Delivery Address"
        required
        autoComplete="street-address"
        minRows={2}
        maxLength={500}
        value={values.shipping_address}
        onChange={(event) => onChange({ shipping_address: event.currentTarget.value })}
        style={{ gridColumn: '1 / -1' }}
      />
      <TextInput
        label="Pin Code"
        required
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        value={values.pin_code}
        error={pinCodeInvalid}
        onChange={(event) => onChange({ pin_code: event.currentTarget.value })}
      />
      <TextInput
        label="Phone Number"
        required
        type="tel"
        autoComplete="tel"
        maxLength={30}
        value={values.phone_number}
        onChange={(event) => onChange({ phone_number: event.currentTarget.value })}
      />
      <NativeSelect
        label="Location Type"
        required
        data={[
          { value: '', label: 'Choose a location type' },
          ...LOCATION_TYPES.map((type) => ({ value: type, label: LOCATION_LABELS[type] })),
        ]}
        value={values.location_type}
        onChange={(event) => onChange({ location_type: event.currentTarget.value as LocationType | '' })}
      />
      <NativeSelect
        label="Courier Service"
        required
        data={courierOptions}
        error={couriers.isError ? 'Could not load courier services. Reload to try again.' : undefined}
        value={values.courier_service_id === null ? '' : String(values.courier_service_id)}
        onChange={(event) => {
          const id = event.currentTarget.value;
          onChange({ courier_service_id: id === '' ? null : Number(id) });
        }}
      />
    </SimpleGrid>
  );
}
