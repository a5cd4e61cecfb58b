import { NumberInput, type NumberInputProps } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/**
 * A number of a form, typed in a NumberInput: an emptied input is no value (undefined). `onValue` runs after each
 * change (e.g. to check a field that depends on this one); `withBlur` passes the input's blur to the form, and
 * `onLeave` runs after it (e.g. to check the field once it was touched).
 */
export function NumberField<T extends FieldValues>({
  control,
  name,
  onValue,
  withBlur = false,
  onLeave,
  ...input
}: {
  control: Control<T>;
  name: Path<T>;
  onValue?: () => void;
  withBlur?: boolean;
  onLeave?: () => void;
} & Omit<NumberInputProps, 'value' | 'onChange' | 'onBlur' | 'name'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          {...input}
          value={(field.value as number | undefined) ?? ''}
          onChange={(v) => {
            field.onChange(v === '' ? undefined : Number(v));
            onValue?.();
          }}
          onBlur={
            withBlur || onLeave
              ? () => {
                  field.onBlur();
                  onLeave?.();
                }
              : undefined
          }
        />
      )}
    />
  );
}
