import { NumberInput, type NumberInputProps } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/**
 * A number of a form, typed in a NumberInput: an emptied input is no value (undefined). `onValue` runs after each
 * change (e.g. to check a field that depends on this one); `withBlur` passes the input's blur to the form.
 */
export function NumberField<T extends FieldValues>({
  control,
  name,
  onValue,
  withBlur = false,
  ...input
}: {
  control: Control<T>;
  name: Path<T>;
  onValue?: () => void;
  withBlur?: boolean;
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
          onBlur={withBlur ? field.onBlur : undefined}
        />
      )}
    />
  );
}
