import { LOCATION_TYPES, type LocationType } from '@depot/contract';
import { NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { markedInputProps } from '@/lib/form';
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
  /** The Products page's form over the draft's delivery fields. */
  form: UseFormReturnType<DraftFields>;
}

/**
 * Where and how the order goes (docs/product/screens.md#customer-products): every field is required
 * (docs/product/validation-and-messages.md#order-form). A refused field is marked; the message
 * shows once, in the alert beside Place Order.
 */
export function DeliveryFields({ form }: DeliveryFormProps) {
  const couriers = useCourierServices();
  const courierOptions = [
    { value: '', label: couriers.isPending ? 'Loading courier services…' : 'Choose a courier service' },
    ...(couriers.data ?? []).map((courier) => ({ value: String(courier.id), label: courier.name })),
  ];
  const courierId = form.values.courier_service_id;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Textarea
        label="Delivery Address"
        required
        autoComplete="street-address"
        minRows={2}
        maxLength={500}
        {...markedInputProps(form, 'shipping_address')}
        style={{ gridColumn: '1 / -1' }}
      />
      <TextInput
        label="Pin Code"
        required
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        {...markedInputProps(form, 'pin_code')}
      />
      <TextInput
        label="Phone Number"
        required
        type="tel"
        autoComplete="tel"
        maxLength={30}
        {...markedInputProps(form, 'phone_number')}
      />
      <NativeSelect
        label="Location Type"
        required
        data={[
          { value: '', label: 'Choose a location type' },
          ...LOCATION_TYPES.map((type) => ({ value: type, label: LOCATION_LABELS[type] })),
        ]}
        {...markedInputProps(form, 'location_type')}
      />
      <NativeSelect
        label="Courier Service"
        required
        data={courierOptions}
        {...markedInputProps(form, 'courier_service_id')}
        error={
          couriers.isError
            ? 'Could not load courier services. Reload to try again.'
            : form.errors.courier_service_id !== undefined
        }
        value={courierId === null ? '' : String(courierId)}
        onChange={(event) => {
          const id = event.currentTarget.value;
          form.setFieldValue('courier_service_id', id === '' ? null : Number(id));
        }}
      />
    </SimpleGrid>
  );
}
